import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CART_MESSAGES } from '#shared/messages';
import type { CartLine } from '#shared/schemas/cart';
import { setTokenSource } from '../../lib/api';
import { renderCheckout, SHIPPING_DETAILS } from '../../testing/checkout';
import { jsonResponse as json, settled, urlOf } from '../../testing/render';
import { resetTestSession, signInForTest, testSession } from '../../testing/session';
import type { CurrentUser } from '../auth/AuthProvider';
import { CartProvider } from '../cart/CartProvider';
import { EarlierVisitNotice } from '../cart/EarlierVisitNotice';

/**
 * Signed-in shopping (issue 34 item 4, docs/decisions/0110): the shipping step starts from the last used (or only)
 * saved profile, the picker kept; a cart that signing in merged with the one saved on an earlier visit says so once.
 */
jest.mock(
  '../auth/AuthProvider',
  () => jest.requireActual<typeof import('../../testing/session')>('../../testing/session').testAuth,
);

const ann: CurrentUser = { userId: 'u-ann', email: 'ann@example.com', role: null };
const candle: CartLine = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
const tee: CartLine = { id: 't1', name: 'Pumpkin Tee', image: '/t.svg', price: 2499, size: 'M', quantity: 1 };
/** Profiles as the server keeps them (escaped text). */
const home = {
  name: 'Ann &amp; Bo Lee',
  email: 'ann@example.com',
  phone: '2175550100',
  address: '4 Oak Ave',
  city: 'Peoria',
  state: 'IL',
  zip: '61602',
};
const office = { ...home, name: 'Ann Lee', address: '9 Elm St', city: 'Austin', state: 'Texas', zip: '73301' };
let savedCart: CartLine[];
let profiles: { data: Record<string, string>[]; lastUsed: number | null };
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const details = () => SHIPPING_DETAILS.map(([label]) => valueOf(label));
const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Use a saved shipping profile' });
const pickedName = () => picker().selectedOptions[0].textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.alert = jest.fn();
  resetTestSession(ann);
  savedCart = [candle];
  profiles = { data: [], lastUsed: null };
  setTokenSource(async () => (testSession().user ? 'token' : null));
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/auth/cart' && init?.method === 'POST')
      savedCart = (JSON.parse(init.body as string) as { cart: CartLine[] }).cart;
    if (url === '/auth/cart') return json(200, { cart: { cart: savedCart } });
    if (url === '/auth/shippingProfiles') return json(200, profiles);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  localStorage.setItem('cart', JSON.stringify([candle]));
});

it('the only saved profile fills the step as it opens, the picker showing it; the estimate is for its state', async () => {
  profiles = { data: [home], lastUsed: null };
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(details()).toEqual(['Ann & Bo Lee', 'ann@example.com', '4 Oak Ave', 'Peoria', 'IL', '61602']);
  expect(pickedName()).toBe('Ann & Bo Lee, 4 Oak Ave, Peoria');
  // Illinois 6.25% of $36.00 + $5.99: the Order Details panel works from the filled state.
  expect(screen.getByText('Estimated tax').nextElementSibling!.textContent).toBe('$2.62');
});

it('the profile the latest order shipped to fills the step; another can be picked; an edit leaves the picker at none', async () => {
  profiles = { data: [home, office], lastUsed: 1 };
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(details()).toEqual(['Ann Lee', 'ann@example.com', '9 Elm St', 'Austin', 'Texas', '73301']);
  expect(pickedName()).toBe('Ann Lee, 9 Elm St, Austin');

  await userEvent.selectOptions(picker(), screen.getByRole('option', { name: 'Ann & Bo Lee, 4 Oak Ave, Peoria' }));
  expect(details()).toEqual(['Ann & Bo Lee', 'ann@example.com', '4 Oak Ave', 'Peoria', 'IL', '61602']);
  await userEvent.type(screen.getByLabelText('Address'), ', Apt 2');
  expect(pickedName()).toBe('Choose a profile…');
  expect(valueOf('Address')).toBe('4 Oak Ave, Apt 2');
});

it('several profiles and none used yet: the step starts empty and the picker chooses', async () => {
  profiles = { data: [home, office], lastUsed: null };
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  expect(details()).toEqual(['', '', '', '', '', '']);
  expect(pickedName()).toBe('Choose a profile…');
});

it('what the shopper typed is never replaced: typed as a guest, then signed in; emptied by hand, it stays empty', async () => {
  resetTestSession(null);
  profiles = { data: [home], lastUsed: 0 };
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  await userEvent.type(screen.getByLabelText('Full name'), 'Gus Guest');
  await signInForTest(ann);
  await screen.findByRole('combobox', { name: 'Use a saved shipping profile' });
  expect(details()).toEqual(['Gus Guest', '', '', '', '', '']);
  expect(pickedName()).toBe('Choose a profile…');
  await userEvent.clear(screen.getByLabelText('Full name'));
  expect(details()).toEqual(['', '', '', '', '', '']);
});

it('the filled profile goes on to the card step as it is (Next prices it)', async () => {
  profiles = { data: [home], lastUsed: 0 };
  const fetchStub = global.fetch as jest.Mock;
  const bodies: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) === '/auth/create-payment-intent') {
      bodies.push(JSON.parse(init!.body as string));
      return json(200, {
        clientSecret: 'pi_1_secret_2',
        paymentIntentId: 'pi_1',
        checkoutId: '8d4c3f5e-0b1a-4c1e-9a53-7d3f2a9b6c10',
        amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 262, total: 4461 },
        cardAmount: 4461,
        paymentMode: 'test',
      });
    }
    if (urlOf(input).endsWith('/config.json'))
      return json(200, {
        stripePublishableKey: null,
        paymentMode: 'test',
        region: 'x',
        userPoolId: 'p',
        userPoolClientId: 'c',
      });
    return fetchStub(input, init) as Promise<Response>;
  }) as typeof fetch;
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Payment' });
  expect(bodies).toEqual([
    expect.objectContaining({
      shippingAddress: {
        name: 'Ann & Bo Lee',
        email: 'ann@example.com',
        line1: '4 Oak Ave',
        city: 'Peoria',
        state: 'IL',
        zip: '61602',
      },
    }),
  ]);
});

/** The app's frame as far as the notice goes: the notice over a page, on routes the test moves between. */
function renderFrame(path: string) {
  const page = (name: string) => ({
    path: name,
    element: (
      <>
        <EarlierVisitNotice />
        <h1>{name}</h1>
      </>
    ),
  });
  const router = createMemoryRouter([page('/'), page('/login'), page('/cart'), page('/product-list/candles')], {
    initialEntries: [path],
  });
  render(
    <CartProvider>
      <RouterProvider router={router} />
    </CartProvider>,
  );
  return router;
}

describe('a cart merged at sign-in with the one saved on an earlier visit', () => {
  beforeEach(() => resetTestSession(null));

  it('says so once, on the page after signing in, with a link to the cart; the next page no longer says it', async () => {
    savedCart = [tee, { ...candle, quantity: 1 }];
    const router = renderFrame('/login');
    await signInForTest(ann);
    // The saved tee and one more candle join the guest's two candles: 2 items from the earlier visit.
    const said = CART_MESSAGES.fromEarlierVisit(2);
    // Not on the sign-in page itself: the page it goes to says it.
    expect(screen.queryByText(said, { exact: false })).toBeNull();
    await act(() => router.navigate('/'));
    const notice = await screen.findByText(said, { exact: false });
    expect(notice.closest('[aria-live=polite]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    await act(() => router.navigate('/product-list/candles'));
    expect(screen.queryByText(said, { exact: false })).toBeNull();
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
  });

  it('Dismiss takes it away', async () => {
    savedCart = [tee];
    renderFrame('/');
    await signInForTest(ann);
    const said = CART_MESSAGES.fromEarlierVisit(1);
    await screen.findByText(said, { exact: false });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(said, { exact: false })).toBeNull();
  });

  it('nothing saved from an earlier visit: nothing is said', async () => {
    savedCart = [];
    renderFrame('/');
    await signInForTest(ann);
    await screen.findByRole('heading', { name: '/' });
    // The saved cart has come and was merged (the guest's lines saved to the account).
    await waitFor(() => expect(savedCart).toEqual([candle]));
    await settled();
    expect(document.querySelector('.earlier-visit')!.textContent).toBe('');
  });

  it('a page loaded while signed in (the saved cart replaces the mirror) says nothing', async () => {
    resetTestSession(ann);
    savedCart = [tee];
    renderFrame('/');
    await screen.findByRole('heading', { name: '/' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([tee]));
    await settled();
    expect(document.querySelector('.earlier-visit')!.textContent).toBe('');
  });
});
