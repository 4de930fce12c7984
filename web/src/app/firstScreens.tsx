import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { FIRST_SCREENS } from '#shared/pages';
import { CheckoutShell } from '../features/checkout/CheckoutShell';
import { ORDER_STATUS_INTRO } from '../features/orders/orderStatusIntro';
import { BalanceIntro, GiftCardIntro } from '../features/gift-cards/GiftCardIntro';
import { HomeBanner } from '../features/pages/HomeBanner';
import { QuoteIntro } from '../features/quotes/QuoteIntro';

/**
 * Each first screen's HTML for the static shell's main (shared/pages.ts FIRST_SCREENS, docs/decisions/0120), from the
 * app's own components: what the page shows before any script has run. Rendered at build time only
 * (web/vite.config.mts writes web/dist/first/<name>.html); no page imports this module.
 */
const SCREENS: Record<keyof typeof FIRST_SCREENS, ReactNode> = {
  '/': (
    <div className="home">
      <HomeBanner />
    </div>
  ),
  '/cart': <CheckoutShell step="cart" />,
  '/cart/shipping': <CheckoutShell step="shipping" />,
  '/cart/payment': <CheckoutShell step="payment" />,
  '/order-status': (
    <section className="page narrow" aria-busy="true">
      <h1>Order status</h1>
      <div className="card stack form-room order-status-room">
        <p className="muted">{ORDER_STATUS_INTRO}</p>
      </div>
    </section>
  ),
  '/custom-printing': (
    <section className="page narrow enquiry" aria-busy="true">
      <QuoteIntro />
      <div className="card form-room quote-room" aria-hidden="true" />
    </section>
  ),
  '/gift-cards': (
    <section className="page narrow enquiry gift-cards" aria-busy="true">
      <GiftCardIntro />
      <div className="card form-room gift-card-room" aria-hidden="true" />
    </section>
  ),
  '/gift-cards/balance': (
    <section className="page narrow enquiry gift-cards" aria-busy="true">
      <BalanceIntro />
      <div className="card form-room gift-balance-room" aria-hidden="true" />
    </section>
  ),
};

/** Each first screen's main, by address. React's hoisted image preloads stay out (the page's own are in the head). */
export function renderFirstScreens(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCREENS).map(([pathname, screen]) => [
      pathname,
      renderToStaticMarkup(<StaticRouter location={pathname}>{screen}</StaticRouter>).replace(
        /<link rel="preload" as="image"[^>]*>/g,
        '',
      ),
    ]),
  );
}
