import { lazy, Suspense, useEffect, useState } from 'react';
import { estimateAmounts } from '#shared/money';
import type { RuntimeConfig } from '#shared/schemas/common';
import { walletSheet } from '#shared/wallet';
import { loadConfig } from '../../lib/config';
import { useRevealed } from '../../lib/reveal';
import { useCart } from '../cart';
import { useWalletPay, type WalletPayProps } from './useWalletPay';

// Each in its own chunk: Stripe.js loads only where the shop uses Stripe (the storefront's first JS stays in budget).
const ExpressCheckout = lazy(() => import('./ExpressCheckout'));
const TestWallet = lazy(() => import('./TestWallet'));

/**
 * The cart's wallet buttons, under Proceed to Checkout (issue 38 items 2 and 5, docs/decisions/0129): Stripe's
 * Express Checkout Element (Apple Pay, Google Pay, Link) where the shop uses Stripe, the test wallet where it uses the
 * built-in test processor. A payment that did not go through says so here, until the shopper tries again. A chunk of
 * its own, loaded by WalletPay once the cart is idle and the buttons' box is in view, or the shopper acts (issue 50
 * item 17, docs/decisions/0144).
 */
export default function WalletButtons(props: WalletPayProps) {
  const { promo } = props;
  const { cart } = useCart();
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const wallet = useWalletPay(props);
  // A declined wallet payment's message, once the alert is closed: in view and focused (issue 50 item 6).
  const failure = useRevealed<HTMLParagraphElement>(wallet.failure);
  useEffect(() => {
    let current = true;
    loadConfig()
      .then((loaded) => current && setConfig(loaded))
      .catch((error: unknown) => console.error('wallet buttons: no config', error));
    return () => {
      current = false;
    };
  }, []);
  // The sheet opens on the cart's estimate (no address yet); the shop prices the address the sheet then shows.
  const estimate = walletSheet(estimateAmounts(cart, '', promo.discount ?? 0), promo.applied?.code);
  return (
    <>
      <div className="wallet-slot">
        <Suspense fallback={null}>
          {config?.paymentMode === 'stripe' && config.stripePublishableKey ? (
            <ExpressCheckout publishableKey={config.stripePublishableKey} estimate={estimate} wallet={wallet} />
          ) : config?.paymentMode === 'test' ? (
            <TestWallet wallet={wallet} />
          ) : null}
        </Suspense>
      </div>
      {wallet.failure && (
        <p role="alert" className="error wallet-failure" ref={failure} tabIndex={-1}>
          {wallet.failure}
        </p>
      )}
    </>
  );
}
