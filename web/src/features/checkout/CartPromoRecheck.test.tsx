import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import { PROMO_MESSAGES } from '#shared/promo';
import { jsonResponse as json, urlOf } from '../../testing/render';
import { PROMO_RECHECK_DELAY_MS, promoCartKey } from './usePromoCode';
import { fillShippingDetails, renderCheckout } from '../../testing/checkout';

/**
 * The cart never shows a discount computed for another cart: when the quantities change with a code applied,
 * the code is asked about once they settle (not on every press, so + and - do not spend the shopper's limit
 * on promo checks), an answer for an older cart is dropped, and a check that cannot be made shows no figure.
 * Fake timers move the debounce; every check's answer is given by the test, in the order the test chooses.
 */
const candle = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 2400, size: 'CANDLE' as const, quantity: 1 };
type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'network-down';
interface PendingCheck {
  body: { code: string; cart: { id: string; size: string; quantity: number }[] };
  answer: (answer: Answer) => Promise<void>;
}
let checks: PendingCheck[];
let intents: Record<string, unknown>[];

/** The percent code's answer for a cart of `quantity` candles (what the server would say). */
const percentOff = (code: string, percent: number) => (check: PendingCheck) => ({
  status: 200,
  body: {
    code,
    discount: Math.round((check.body.cart[0].quantity * candle.price * percent) / 100),
    description: `${percent}% off your order`,
  },
});

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  window.alert = jest.fn();
  checks = [];
  intents = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    if (url === '/api/promo-codes/check') {
      return new Promise<Response>((resolve, reject) => {
        checks.push({
          body,
          answer: async (answer) => {
            await act(async () => {
              if (answer === 'network-down') reject(new TypeError('Failed to fetch'));
              else resolve(json(answer.status, answer.body, answer.headers));
            });
          },
        });
      });
    }
    if (url.endsWith('/config.json'))
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/api/products/validate-cart') return json(200, { success: true, outOfStockItems: [] });
    if (url === '/auth/create-payment-intent/guest') {
      intents.push(body);
      return json(409, { error: { code: 'out_of_stock', message: 'stop here' } });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const rows = () =>
  [...document.querySelectorAll('.order-details dt')].map(
    (dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`,
  );
const quantity = () =>
  screen.getByRole('group', { name: 'Quantity of Cider Candle' }).querySelector('span')!.textContent;
/** Lets the debounce run out (and any answer already given be rendered). */
const settle = (ms = PROMO_RECHECK_DELAY_MS) => act(async () => void jest.advanceTimersByTime(ms));

async function openCartWithCode(code: string, percent: number) {
  localStorage.setItem('cart', JSON.stringify([candle]));
  renderCheckout();
  await settle(0);
  const shopper = user();
  await shopper.type(await screen.findByLabelText('Promo code'), code);
  await shopper.click(screen.getByRole('button', { name: 'Apply' }));
  await checks[0].answer(percentOff(code, percent)(checks[0]));
  await screen.findByRole('button', { name: `Remove promo code ${code}` });
  return shopper;
}

it('rapid + and - presses cost no check while they go on, and never show the discount of another quantity', async () => {
  const shopper = await openCartWithCode('QTY20', 20);
  expect(rows()).toEqual([
    'Subtotal $24.00',
    'Discount (QTY20) -$4.80',
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    'Total $25.19',
  ]);

  for (let press = 0; press < 12; press++) {
    await shopper.click(screen.getByRole('button', { name: press % 2 ? 'One less' : 'One more' }));
    await settle(PROMO_RECHECK_DELAY_MS / 2);
    if (quantity() === '2') {
      // Another cart than the one the discount was asked for: no figure, and the total says what it is.
      expect(rows()).toEqual([
        'Subtotal $48.00',
        `Discount (QTY20) ${MESSAGES.promoChecking}`,
        'Shipping & handling $5.99',
        'Estimated tax $0.00',
        `${MESSAGES.totalBeforeDiscount} $53.99`,
      ]);
    } else {
      expect(rows()).toEqual([
        'Subtotal $24.00',
        'Discount (QTY20) -$4.80',
        'Shipping & handling $5.99',
        'Estimated tax $0.00',
        'Total $25.19',
      ]);
    }
  }
  await settle(10 * PROMO_RECHECK_DELAY_MS);
  // Back at the quantity the code was checked for: nothing needed asking; only Apply's check was made.
  expect(checks).toHaveLength(1);

  // One more press, then the quantities settle: one check, for the cart as it is, and its discount shows.
  await shopper.click(screen.getByRole('button', { name: 'One more' }));
  await settle(PROMO_RECHECK_DELAY_MS - 1);
  expect(checks).toHaveLength(1);
  await settle(1);
  expect(checks).toHaveLength(2);
  expect(checks[1].body).toEqual({
    code: 'QTY20',
    cart: [{ id: 'c1', size: 'CANDLE', quantity: 2, name: 'Cider Candle' }],
  });
  await checks[1].answer(percentOff('QTY20', 20)(checks[1]));
  expect(rows()).toEqual([
    'Subtotal $48.00',
    'Discount (QTY20) -$9.60',
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    'Total $44.39',
  ]);
});

it('answers that come back out of order: the one for an older cart is dropped, the current cart’s shows', async () => {
  const shopper = await openCartWithCode('RACE25', 25);
  await shopper.click(screen.getByRole('button', { name: 'One more' }));
  await settle();
  expect(checks[1].body.cart[0].quantity).toBe(2);
  // The answer for 2 candles is slow; meanwhile a third candle, and its check.
  await shopper.click(screen.getByRole('button', { name: 'One more' }));
  await settle();
  expect(checks[2].body.cart[0].quantity).toBe(3);
  // The answer for 2 comes first, while the cart holds 3: dropped.
  await checks[1].answer(percentOff('RACE25', 25)(checks[1]));
  expect(rows()).toEqual([
    'Subtotal $72.00',
    `Discount (RACE25) ${MESSAGES.promoChecking}`,
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    `${MESSAGES.totalBeforeDiscount} $77.99`,
  ]);
  await checks[2].answer(percentOff('RACE25', 25)(checks[2]));
  expect(rows()).toEqual([
    'Subtotal $72.00',
    'Discount (RACE25) -$18.00',
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    'Total $59.99',
  ]);

  // And the other way round: the newer answer first, then the older one, which changes nothing.
  await shopper.click(screen.getByRole('button', { name: 'One less' }));
  await settle();
  await shopper.click(screen.getByRole('button', { name: 'One less' }));
  await settle();
  const [forTwo, forOne] = [checks[3], checks[4]];
  expect([forTwo.body.cart[0].quantity, forOne.body.cart[0].quantity]).toEqual([2, 1]);
  await forOne.answer(percentOff('RACE25', 25)(forOne));
  await forTwo.answer(percentOff('RACE25', 25)(forTwo));
  expect(rows()).toEqual([
    'Subtotal $24.00',
    'Discount (RACE25) -$6.00',
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    'Total $23.99',
  ]);
});

it('a check that cannot be made (429, no network) keeps the code, shows no old figure, says it is confirmed at checkout, and does not ask again until the cart changes', async () => {
  const shopper = await openCartWithCode('QTY20', 20);
  await shopper.click(screen.getByRole('button', { name: 'One more' }));
  await settle();
  await checks[1].answer({
    status: 429,
    headers: { 'retry-after': '240' },
    body: { error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.promoCodes } },
  });
  const unconfirmed = [
    'Subtotal $48.00',
    `Discount (QTY20) ${MESSAGES.promoAtCheckout}`,
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    `${MESSAGES.totalBeforeDiscount} $53.99`,
  ];
  expect(rows()).toEqual(unconfirmed);
  expect(screen.getByText(MESSAGES.promoConfirmedAtCheckout, { exact: false })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Remove promo code QTY20' })).toBeTruthy();
  expect(document.querySelector('.order-details')!.textContent).not.toMatch(/-\$/);
  await settle(60_000);
  expect(checks).toHaveLength(2);

  // The next change asks once more; no network this time: the same.
  await shopper.click(screen.getByRole('button', { name: 'One more' }));
  await settle();
  expect(checks).toHaveLength(3);
  await checks[2].answer('network-down');
  expect(rows()).toEqual([
    'Subtotal $72.00',
    `Discount (QTY20) ${MESSAGES.promoAtCheckout}`,
    'Shipping & handling $5.99',
    'Estimated tax $0.00',
    `${MESSAGES.totalBeforeDiscount} $77.99`,
  ]);

  // The card step prices it: the code goes with the checkout.
  await shopper.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('heading', { name: 'Shipping Details' });
  await fillShippingDetails(shopper);
  await settle(0);
  expect(intents.at(-1)).toMatchObject({ promoCode: 'QTY20' });
});

it('a refusal for the changed cart (minimum no longer met) takes the code off with its message', async () => {
  localStorage.setItem('cart', JSON.stringify([{ ...candle, quantity: 3 }]));
  renderCheckout();
  await settle(0);
  const shopper = user();
  await shopper.type(await screen.findByLabelText('Promo code'), 'BIG');
  await shopper.click(screen.getByRole('button', { name: 'Apply' }));
  await checks[0].answer({
    status: 200,
    body: { code: 'BIG', discount: 1000, description: '$10.00 off orders of $60.00 or more' },
  });
  await shopper.click(await screen.findByRole('button', { name: 'One less' }));
  await settle();
  await checks[1].answer({
    status: 409,
    body: { error: { code: 'promo_minimum', message: PROMO_MESSAGES.minimum(6000) } },
  });
  expect((await screen.findByRole('alert')).textContent).toBe(PROMO_MESSAGES.minimum(6000));
  expect(rows()).toEqual(['Subtotal $48.00', 'Shipping & handling $5.99', 'Estimated tax $0.00', 'Total $53.99']);
  expect(sessionStorage.getItem('promoCode')).toBeNull();
});

it('opening the cart: an answer kept for this very cart is shown without asking; one kept for another cart is asked once, with no figure meanwhile', async () => {
  sessionStorage.setItem(
    'promoCode',
    JSON.stringify({
      code: 'QTY20',
      discount: 480,
      description: '20% off your order',
      cartKey: promoCartKey([candle], null),
      checkedAt: Date.now(),
    }),
  );
  localStorage.setItem('cart', JSON.stringify([candle]));
  const first = renderCheckout();
  await settle(0);
  await screen.findByRole('button', { name: 'Remove promo code QTY20' });
  await settle(10 * PROMO_RECHECK_DELAY_MS);
  expect(checks).toHaveLength(0);
  expect(rows()).toContain('Discount (QTY20) -$4.80');
  first.unmount();

  // The cart grew on a product page since (two candles now).
  localStorage.setItem('cart', JSON.stringify([{ ...candle, quantity: 2 }]));
  renderCheckout();
  await settle(0);
  await screen.findByRole('button', { name: 'Remove promo code QTY20' });
  expect(rows()).toContain(`Discount (QTY20) ${MESSAGES.promoChecking}`);
  await settle();
  expect(checks).toHaveLength(1);
  await checks[0].answer(percentOff('QTY20', 20)(checks[0]));
  expect(rows()).toContain('Discount (QTY20) -$9.60');
});
