import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_MESSAGES } from '#shared/messages';
import type { CartLine } from '#shared/schemas/cart';
import { setTokenSource } from '../../lib/api';
import { fillShippingDetails, renderCheckout, SHIPPING_DETAILS } from '../../testing/checkout';
import { jsonResponse as json, urlOf } from '../../testing/render';
import type { CurrentUser } from '../auth/AuthProvider';
import { resetTestSession, signInForTest, testSession } from '../../testing/session';

/**
 * Signing in or out in the middle of the checkout (docs/decisions/0074): the session is the test's, changed while a
 * step is open (the auth feature is replaced by a store the test sets; the cart and the checkout are the real ones).
 */
jest.mock(
  '../auth/AuthProvider',
  () => jest.requireActual<typeof import('../../testing/session')>('../../testing/session').testAuth,
);

const ann: CurrentUser = { userId: 'u-ann', email: 'ann@example.com', role: null };
const candle: CartLine = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
const intent = {
  clientSecret: 'pi_1_secret_2',
  paymentIntentId: 'pi_1',
  checkoutId: '8d4c3f5e-0b1a-4c1e-9a53-7d3f2a9b6c10',
  amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 252, total: 4451 },
  cardAmount: 4451,
  paymentMode: 'test',
};
let savedCart: CartLine[];
/** The account's saved shipping profiles, as the server keeps them (escaped text). */
let savedProfiles: Record<string, string>[];
const home = {
  name: 'Ann &amp; Bo Lee',
  email: 'ann@example.com',
  phone: '2175550100',
  address: '4 Oak Ave',
  city: 'Peoria',
  state: 'IL',
  zip: '61602',
};
const profileCalls = () =>
  (global.fetch as jest.Mock).mock.calls.filter(([input]) => urlOf(input as RequestInfo) === '/auth/shippingProfiles');
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.alert = jest.fn();
  resetTestSession();
  savedCart = [];
  savedProfiles = [];
  setTokenSource(async () => (testSession().user ? 'token' : null));
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
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
    if (url === '/auth/cart' && init?.method === 'POST')
      savedCart = (JSON.parse(init.body as string) as { cart: CartLine[] }).cart;
    if (url === '/auth/cart') return json(200, { cart: { cart: savedCart } });
    if (url === '/auth/shippingProfiles') return json(200, { data: savedProfiles, lastUsed: null });
    if (url.startsWith('/auth/create-payment-intent')) return json(200, intent);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

it('a guest who signs in on the card step goes back to the shipping step (the total was worked out for a guest), with the typed details kept', async () => {
  localStorage.setItem('cart', JSON.stringify([candle]));
  renderCheckout();
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('heading', { name: 'Shipping Details' });
  await fillShippingDetails(userEvent);
  await screen.findByLabelText('Card number');

  await signInForTest(ann);
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(screen.getByRole('status').textContent).toBe(CART_MESSAGES.checkoutChanged);
  expect(SHIPPING_DETAILS.map(([label]) => valueOf(label))).toEqual(SHIPPING_DETAILS.map(([, value]) => value));
  // Next prices the order for the account (its own route), and the card step opens again.
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('Card number');
  expect((global.fetch as jest.Mock).mock.calls.map(([input]) => urlOf(input as RequestInfo))).toContain(
    '/auth/create-payment-intent',
  );
});

it('signing out empties the cart, so the checkout shows the empty cart; what the signed-in shopper typed is not shown to the next one', async () => {
  resetTestSession(ann);
  savedCart = [candle];
  localStorage.setItem('cart', JSON.stringify([candle]));
  const first = renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  await userEvent.type(screen.getByLabelText('Full name'), 'Ann Account');

  await signInForTest(null);
  await screen.findByText(CART_MESSAGES.emptyCart);
  expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeTruthy();
  first.unmount();

  // Another shopper on the same tab fills a cart and opens the shipping step: empty fields.
  localStorage.setItem('cart', JSON.stringify([candle]));
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(valueOf('Full name')).toBe('');
});

it("a signed-in shopper's saved profiles come with the shipping step (its loader), and picking one fills the details", async () => {
  resetTestSession(ann);
  savedCart = [candle];
  // Two profiles, neither used yet: the step starts empty and the picker chooses (one alone fills it: ShippingStart).
  savedProfiles = [{ ...home, name: 'Ann Office', address: '9 Elm St' }, home];
  localStorage.setItem('cart', JSON.stringify([candle]));
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  // Read before the step showed: the picker is there with the heading, not a moment later.
  const picker = screen.getByRole('combobox', { name: 'Use a saved shipping profile' });
  expect(profileCalls()).toHaveLength(1);
  await userEvent.selectOptions(picker, screen.getByRole('option', { name: 'Ann & Bo Lee, 4 Oak Ave, Peoria' }));
  expect(SHIPPING_DETAILS.map(([label]) => valueOf(label))).toEqual([
    'Ann & Bo Lee',
    'ann@example.com',
    '4 Oak Ave',
    'Peoria',
    'IL',
    '61602',
  ]);
});

it('a guest is asked for no profiles; signing in on the shipping step reads them', async () => {
  savedProfiles = [home];
  localStorage.setItem('cart', JSON.stringify([candle]));
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(screen.queryByRole('combobox', { name: 'Use a saved shipping profile' })).toBeNull();
  expect(profileCalls()).toHaveLength(0);

  await signInForTest(ann);
  await screen.findByRole('combobox', { name: 'Use a saved shipping profile' });
  expect(profileCalls()).toHaveLength(1);
});

it('profiles that cannot be read leave the picker out; the step works without it', async () => {
  resetTestSession(ann);
  savedCart = [candle];
  const failing = global.fetch as jest.Mock;
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    urlOf(input) === '/auth/shippingProfiles'
      ? json(500, { error: { code: 'server_error', message: 'Server error' } })
      : (failing(input, init) as Promise<Response>),
  ) as typeof fetch;
  localStorage.setItem('cart', JSON.stringify([candle]));
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(screen.queryByRole('combobox', { name: 'Use a saved shipping profile' })).toBeNull();
  expect(error).toHaveBeenCalledWith('profile load failed', expect.anything());
  await fillShippingDetails(userEvent);
  await screen.findByLabelText('Card number');
  error.mockRestore();
});
