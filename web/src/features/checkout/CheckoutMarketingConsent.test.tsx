import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKETING_CONSENT_WORDS } from '#shared/marketing';
import { jsonResponse as json, urlOf } from '../../testing/render';
import { createIntent } from './checkoutApi';
import { CheckoutMarketingConsent } from './CheckoutMarketingConsent';

/** The checkout's marketing box (issue 56 item 3, docs/decisions/0166): unticked; ticked, the pricing call says so. */
const bodies: Record<string, unknown>[] = [];
beforeEach(() => {
  bodies.length = 0;
  sessionStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return urlOf(input).startsWith('/auth/create-payment-intent')
      ? json(200, {
          clientSecret: 's',
          paymentIntentId: 'pi_1',
          checkoutId: '6f1c2a9e-1b7d-4a51-9a53-5d7f1e1f2a3b',
          amounts: { subtotal: 1800, discount: 0, shipping: 599, tax: 0, total: 2399 },
          cardAmount: 2399,
          paymentMode: 'test',
        })
      : json(404, {});
  }) as typeof fetch;
});

const price = () =>
  createIntent({
    cart: [{ id: 'candle', size: 'CANDLE', quantity: 1, name: 'Candle', price: 1800, image: '/c.svg' }] as never,
    shippingAddress: {
      name: 'Ann',
      email: 'ann@example.com',
      line1: '1 Main St',
      city: 'X',
      state: 'OR',
      zip: '97201',
    },
    signedIn: false,
  }).catch(() => undefined);

it('starts unticked, and the pricing call carries no yes', async () => {
  render(<CheckoutMarketingConsent />);
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: MARKETING_CONSENT_WORDS }).checked).toBe(false);
  await price();
  expect(bodies[0]).not.toHaveProperty('marketingConsent');
});

it('ticked, the pricing call says yes; unticked again, it does not', async () => {
  render(<CheckoutMarketingConsent />);
  const box = screen.getByRole<HTMLInputElement>('checkbox', { name: MARKETING_CONSENT_WORDS });
  await userEvent.click(box);
  await price();
  expect(bodies[0]).toMatchObject({ marketingConsent: true });
  await userEvent.click(box);
  await price();
  expect(bodies[1]).not.toHaveProperty('marketingConsent');
});
