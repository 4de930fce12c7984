import { act, render, screen, waitFor } from '@testing-library/react';
import type { CartLine } from '#shared/schemas/cart';
import { setTokenSource } from '../../lib/api';
import { jsonResponse as json, settled, urlOf } from '../../testing/render';
import type { AuthState } from '../auth/AuthProvider';
import { CartProvider, useCart } from './CartProvider';
import { CART_STORAGE_KEY } from './cartReducer';

/** The session, as the test sets it: the cart reads only `ready` and `user` from it. */
let session: Pick<AuthState, 'ready' | 'user'> = { ready: false, user: null };
jest.mock('../auth/AuthProvider', () => ({ useAuth: () => session }));

const candle: CartLine = {
  id: 'candle',
  name: 'Candle',
  image: '/images/products/p/640.jpg',
  price: 1800,
  size: 'CANDLE',
  quantity: 1,
};
const tee: CartLine = {
  id: 'tee',
  name: 'Tee',
  image: '/images/products/t/640.jpg',
  price: 2500,
  size: 'M',
  quantity: 1,
};
let serverCart: CartLine[];
const saves: CartLine[][] = [];

function Quantities() {
  const { cart } = useCart();
  return <p data-testid="cart">{cart.map((line) => `${line.id}x${line.quantity}`).join(',')}</p>;
}
const show = () =>
  render(
    <CartProvider>
      <Quantities />
    </CartProvider>,
  );
const shown = () => screen.getByTestId('cart').textContent;
const stored = () =>
  (JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as CartLine[])
    .map((line) => `${line.id}x${line.quantity}`)
    .join(',');
const ann = { userId: 'u-ann', email: 'ann@example.com', role: null } as const;

beforeEach(() => {
  localStorage.clear();
  saves.length = 0;
  setTokenSource(async () => 'token');
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) !== '/auth/cart') return json(404, { error: { code: 'not_found', message: 'Not found.' } });
    if (init?.method === 'POST') {
      serverCart = (JSON.parse(init.body as string) as { cart: CartLine[] }).cart;
      saves.push(serverCart);
    }
    return json(200, { cart: { cart: serverCart } });
  }) as typeof fetch;
});

it('a signed-in shopper reloading the page: the saved cart replaces the local copy, whatever the number of reloads', async () => {
  serverCart = [candle];
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([candle])); // the copy the last page kept
  session = { ready: true, user: ann };
  for (let reload = 0; reload < 3; reload++) {
    const { unmount } = show();
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(reload + 1));
    await waitFor(() => expect(stored()).toBe('candlex1'));
    expect(shown()).toBe('candlex1');
    unmount();
  }
  expect(saves).toEqual([]);
});

it('signing in: the guest cart is added into the saved one and saved (decision 0009)', async () => {
  serverCart = [candle];
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([candle, tee])); // filled as a guest
  session = { ready: true, user: null };
  const view = show();
  expect(shown()).toBe('candlex1,teex1');
  session = { ready: true, user: ann };
  await act(async () =>
    view.rerender(
      <CartProvider>
        <Quantities />
      </CartProvider>,
    ),
  );
  await waitFor(() => expect(shown()).toBe('candlex2,teex1'));
  await waitFor(() =>
    expect(
      saves
        .at(-1)
        ?.map((line) => `${line.id}x${line.quantity}`)
        .join(','),
    ).toBe('candlex2,teex1'),
  );
});

it('a cart written while the app was starting (another tab, or the page before the app ran) is taken, not overwritten', () => {
  session = { ready: true, user: null };
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([candle]));
  // Renders after the provider has read the stored cart and before its first commit: the write lands in between.
  let wrote = false;
  function OtherTab() {
    if (!wrote) {
      wrote = true;
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([candle, tee]));
    }
    return null;
  }
  render(
    <CartProvider>
      <OtherTab />
      <Quantities />
    </CartProvider>,
  );
  expect(shown()).toBe('candlex1,teex1');
  expect(stored()).toBe('candlex1,teex1');
});

it('another tab changes the cart: this tab shows it and builds on it, so nothing the other tab added is lost', async () => {
  session = { ready: true, user: null };
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([candle]));
  function Adder() {
    const { dispatch } = useCart();
    return (
      <button type="button" onClick={() => dispatch({ type: 'ADD_TO_CART', line: candle })}>
        Add a candle
      </button>
    );
  }
  render(
    <CartProvider>
      <Quantities />
      <Adder />
    </CartProvider>,
  );
  expect(shown()).toBe('candlex1');
  // The other tab adds a tee: its write reaches this tab as a storage event.
  act(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([candle, tee]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
  });
  expect(shown()).toBe('candlex1,teex1');
  act(() => screen.getByRole('button', { name: 'Add a candle' }).click());
  expect(shown()).toBe('candlex2,teex1');
  expect(stored()).toBe('candlex2,teex1');
});

it('signing out while the saved cart is still on its way: the cart stays empty (the next person at this browser never sees it)', async () => {
  serverCart = [tee];
  let answer: (response: Response) => void = () => undefined;
  global.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
  session = { ready: true, user: ann };
  const view = show();
  await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
  session = { ready: true, user: null };
  await act(async () =>
    view.rerender(
      <CartProvider>
        <Quantities />
      </CartProvider>,
    ),
  );
  expect(shown()).toBe('');
  await act(async () => answer(json(200, { cart: { cart: [tee] } })));
  await settled();
  expect(shown()).toBe('');
  expect(stored()).toBe('');
});
