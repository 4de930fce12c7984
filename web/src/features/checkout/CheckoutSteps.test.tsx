import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_MESSAGES, MESSAGES } from '#shared/messages';
import type { CartLine } from '#shared/schemas/cart';
import { fillShippingDetails, renderCheckout, SHIPPING_DETAILS } from '../../testing/checkout';
import { jsonResponse as json, urlOf } from '../../testing/render';
import { PRICED_KEY } from './checkoutSession';

/**
 * The checkout's steps have their own addresses (issue 26): a reload opens the same step with what was typed, a step
 * opened without what it needs shows the missing one, and a change under the card step sends it back to shipping.
 */
const candle: CartLine = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
const tee: CartLine = { id: 't1', name: 'Pumpkin Patch Tee', image: '/t.svg', price: 2499, size: 'M', quantity: 9 };
const intent = {
  clientSecret: 'pi_1_secret_2',
  paymentIntentId: 'pi_1',
  checkoutId: '8d4c3f5e-0b1a-4c1e-9a53-7d3f2a9b6c10',
  checkoutSecret: 'c2VjcmV0LW9mLXRoaXMtYnJvd3Nlci0wMTIzNDU2Nzg5YWI',
  amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 252, total: 4451 },
  cardAmount: 4451,
  paymentMode: 'test',
};
let calls: string[];
/** window.alert, a fresh mock before each test. */
const alert = jest.fn();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  alert.mockReset();
  window.alert = alert;
  calls = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = urlOf(input);
    calls.push(url);
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
    if (url === '/auth/create-payment-intent/guest') return json(200, intent);
    if (url === '/auth/adminOrders/guest') return json(201, { order: { orderNumber: '1001', status: 'pending' } });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const withCart = (...lines: CartLine[]) => localStorage.setItem('cart', JSON.stringify(lines));
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const typedDetails = () => SHIPPING_DETAILS.map(([label]) => valueOf(label));
const intentsAsked = () => calls.filter((url) => url === '/auth/create-payment-intent/guest').length;

async function toPayment() {
  withCart(candle);
  const view = renderCheckout();
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('heading', { name: 'Shipping Details' });
  await fillShippingDetails(userEvent);
  await screen.findByLabelText('Card number');
  return view;
}

describe('a reload keeps the step and what was typed (sessionStorage, never the card)', () => {
  it('the shipping step opens again with the typed details', async () => {
    withCart(candle);
    const first = renderCheckout('/cart/shipping');
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Buyer');
    await userEvent.type(screen.getByLabelText('City'), 'Springfield');
    first.unmount();

    renderCheckout('/cart/shipping');
    await screen.findByRole('heading', { name: 'Shipping Details' });
    expect(valueOf('Full name')).toBe('Ada Buyer');
    expect(valueOf('City')).toBe('Springfield');
  });

  it('the card step opens again with the same amounts, without pricing again, and keeps no card data', async () => {
    const first = await toPayment();
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(intentsAsked()).toBe(1);
    first.unmount();

    renderCheckout('/cart/payment');
    await screen.findByRole('heading', { name: 'Payment' });
    expect(screen.getByRole('button', { name: 'Pay $44.51' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('');
    expect(intentsAsked()).toBe(1);
    const kept = JSON.stringify({ ...sessionStorage });
    expect(kept).not.toContain('4242');
    // The guest's secret is kept once, under its own key (decision 0062), not in the priced copy.
    expect(sessionStorage.getItem('checkoutSecret')).toBe(intent.checkoutSecret);
    expect(sessionStorage.getItem(PRICED_KEY)).not.toContain(intent.checkoutSecret);
  });

  it('a card authorized before the reload (the order was being recorded) is not asked for again: the order is recorded', async () => {
    const first = await toPayment();
    first.unmount();
    sessionStorage.setItem(
      PRICED_KEY,
      JSON.stringify({ ...JSON.parse(sessionStorage.getItem(PRICED_KEY)!), authorized: true }),
    );
    renderCheckout('/cart/payment');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls.filter((url) => url === '/auth/adminOrders/guest')).toHaveLength(1);
    expect(calls).not.toContain('/api/test-payments/confirm');
    expect(localStorage.getItem('cart')).toBe('[]');
  });
});

describe('a step opened without what it needs shows the step that is missing', () => {
  it('the card step without a priced checkout shows the shipping step; the shipping step with an empty cart shows the cart', async () => {
    withCart(candle);
    const first = renderCheckout('/cart/payment');
    await screen.findByRole('heading', { name: 'Shipping Details' });
    first.unmount();
    withCart();
    renderCheckout('/cart/shipping');
    await screen.findByRole('heading', { name: 'Your Cart' });
    expect(screen.getByText(CART_MESSAGES.emptyCart)).toBeTruthy();
  });

  it('a cart changed in another tab while the card step is open goes back to shipping, says why, and keeps the details', async () => {
    await toPayment();
    await act(async () => {
      withCart(candle, tee);
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    await screen.findByRole('heading', { name: 'Shipping Details' });
    expect(screen.getByRole('status').textContent).toBe(CART_MESSAGES.checkoutChanged);
    expect(typedDetails()).toEqual(SHIPPING_DETAILS.map(([, value]) => value));
    // Next prices the new cart, on the same checkout.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Card number');
    expect(intentsAsked()).toBe(2);
  });

  it('the page’s Back on the card step shows the shipping step with its values', async () => {
    await toPayment();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Shipping Details' });
    expect(typedDetails()).toEqual(SHIPPING_DETAILS.map(([, value]) => value));
  });
});

it('Proceed says it is checking the stock while the shop answers, and a shortfall stops on the cart with the spec’s alert', async () => {
  let answer: (response: Response) => void = () => {};
  const fetchAnswers = global.fetch;
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
    urlOf(input) === '/api/products/validate-cart'
      ? new Promise<Response>((resolve) => (answer = resolve))
      : fetchAnswers(input, init),
  ) as typeof fetch;
  withCart(candle);
  renderCheckout();
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Checking stock…' })).disabled).toBe(true);
  await act(async () => answer(json(200, { success: false, outOfStockItems: ['Cider Candle'] })));
  await screen.findByRole('button', { name: 'Proceed to Checkout' });
  expect(alert).toHaveBeenCalledWith(`${MESSAGES.outOfStock}\nCider Candle`);
  expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeTruthy();
});

it('a refused Proceed stays at /cart and adds no history entry (Back leaves the cart); an accepted one opens /cart/shipping as a new entry', async () => {
  const fetchAnswers = global.fetch;
  let short = true;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    urlOf(input) === '/api/products/validate-cart'
      ? json(
          200,
          short ? { success: false, outOfStockItems: ['Cider Candle'] } : { success: true, outOfStockItems: [] },
        )
      : fetchAnswers(input, init),
  ) as typeof fetch;
  withCart(candle);
  const { router } = renderCheckout('/');
  await screen.findByRole('heading', { name: 'Home' });
  await act(() => router.navigate('/cart'));
  const address = () => router.state.location.pathname + router.state.location.search;

  await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('button', { name: 'Proceed to Checkout' });
  expect(alert).toHaveBeenCalledWith(`${MESSAGES.outOfStock}\nCider Candle`);
  // The spec's address, not the index route's /cart?index (which a reload kept), and no entry of its own.
  expect(address()).toBe('/cart');
  expect(router.state.historyAction).not.toBe('PUSH');
  await act(() => router.navigate(-1));
  await screen.findByRole('heading', { name: 'Home' });
  expect(address()).toBe('/');

  await act(() => router.navigate(1));
  short = false;
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(address()).toBe('/cart/shipping');
  expect(router.state.historyAction).toBe('PUSH');
  await act(() => router.navigate(-1));
  await screen.findByRole('heading', { name: 'Your Cart' });
  expect(address()).toBe('/cart');
  expect(alert).toHaveBeenCalledTimes(1);
});

describe('a cart like a shop’s', () => {
  it('each line shows its unit price and its total; Remove takes the whole line; at 9 the plus is off and the line says 9 is the most', async () => {
    withCart(candle, tee, { ...candle, id: 'c2', name: 'Pine Candle', quantity: 1 });
    renderCheckout();
    const lines = await screen.findAllByRole('listitem');
    expect(lines.map((line) => within(line).getByTestId('line-total').textContent)).toEqual([
      '$36.00',
      '$224.91',
      '$18.00',
    ]);
    expect(within(lines[1]).getByText('$24.99 each')).toBeTruthy();
    expect(within(lines[1]).getByText('Size: M')).toBeTruthy();
    expect(within(lines[1]).getByRole<HTMLButtonElement>('button', { name: 'One more' }).disabled).toBe(true);
    expect(within(lines[1]).getByText(CART_MESSAGES.lineAtLimit(9))).toBeTruthy();
    expect(within(lines[0]).queryByText(CART_MESSAGES.lineAtLimit(9))).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Pumpkin Patch Tee' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('cart')!).map((line: CartLine) => line.id)).toEqual(['c1', 'c2']);
    expect(document.querySelector('.order-details dd')!.textContent).toBe('$54.00');
  });
});
