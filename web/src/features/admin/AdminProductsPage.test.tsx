import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** The dashboard's low-stock links (`?id=`) open that product or stock item alone, whichever page it is on. */
const candle = {
  id: 'vanilla-snow-candle',
  name: 'Vanilla Snow Candle',
  image: '/i/c.jpg',
  extraImages: [],
  description: 'Warm.',
  price: 1800,
  tag: 'candles',
  averageRating: 0,
  status: 'listed',
  version: 3,
  stock: { CANDLE: 0 },
  sizes: [{ size: 'CANDLE', available: 0 }],
};
let asked: string[];
let saved: { url: string; body: unknown }[];
beforeEach(() => {
  asked = [];
  saved = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string);
      saved.push({ url: url.pathname, body });
      return json(200, { ...candle, ...body, version: candle.version + 1 });
    }
    asked.push(url.pathname + url.search);
    if (url.pathname === '/api/admin/products')
      return json(
        200,
        url.searchParams.get('id') === candle.id
          ? { products: [candle], total: 1, nextCursor: null }
          : { products: [], total: 0, nextCursor: null },
      );
    if (url.pathname === '/api/admin/items') {
      const item = {
        id: 'HOODIE-FLEECE',
        stock: { S: 5, M: 5, L: 5, XL: 2, '2XL': 5 },
        version: 1,
        updatedAt: '2026-11-20T10:00:00.000Z',
        families: ['apparel'],
      };
      return json(
        200,
        url.searchParams.get('id') === item.id
          ? { items: [item], total: 1, nextCursor: null }
          : { items: [], total: 0, nextCursor: null },
      );
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});
const at = (path: string) => renderAdmin(path);

it('a product link opens that product alone (its one row), with a way back to them all', async () => {
  at('/admin/products?id=vanilla-snow-candle');
  const row = await screen.findByTestId('row-vanilla-snow-candle');
  expect(within(row).getByLabelText<HTMLInputElement>('Name').value).toBe('Vanilla Snow Candle');
  expect(screen.getAllByRole('row')).toHaveLength(2);
  expect(screen.getByText(/Showing one product:/).textContent).toContain('Vanilla Snow Candle');
  expect(screen.getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/admin/products');
  expect(asked).toEqual(['/api/admin/products?limit=50&id=vanilla-snow-candle']);
});

it('a product no longer listed says so instead of an empty table', async () => {
  at('/admin/products?id=gone');
  expect((await screen.findByText(/No listed product has the id/)).textContent).toContain('gone');
});

it('a stock item link opens that item alone', async () => {
  at('/admin/items?id=HOODIE-FLEECE');
  expect(await screen.findByLabelText<HTMLInputElement>('HOODIE-FLEECE XL')).toBeTruthy();
  expect(screen.getByText(/Showing one stock item:/).textContent).toContain('HOODIE-FLEECE');
  expect(asked).toEqual(['/api/admin/items?limit=50&id=HOODIE-FLEECE']);
});

it('a row is edited in place: Save is offered once something changed, sends only that at the version read', async () => {
  at('/admin/products?id=vanilla-snow-candle');
  const row = await screen.findByTestId('row-vanilla-snow-candle');
  const save = within(row).getByRole('button', { name: 'Save' });
  expect(save.hasAttribute('disabled')).toBe(true);
  const price = within(row).getByLabelText('Price');
  await userEvent.clear(price);
  await userEvent.type(price, '19.50');
  await userEvent.clear(within(row).getByLabelText('CANDLE count'));
  await userEvent.type(within(row).getByLabelText('CANDLE count'), '6');
  expect(save.hasAttribute('disabled')).toBe(false);
  await userEvent.click(save);
  expect(await screen.findByText('Saved Vanilla Snow Candle.')).toBeTruthy();
  expect(saved).toEqual([
    { url: '/api/admin/products/vanilla-snow-candle', body: { price: 1950, stock: { CANDLE: 6 }, version: 3 } },
  ]);
});

it('a price that cannot be read is refused before anything is sent, and what was typed stays', async () => {
  at('/admin/products?id=vanilla-snow-candle');
  const row = await screen.findByTestId('row-vanilla-snow-candle');
  const price = within(row).getByLabelText<HTMLInputElement>('Price');
  await userEvent.clear(price);
  await userEvent.type(price, '12,99');
  await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Price must look like 12.99')).toBeTruthy();
  expect(saved).toEqual([]);
  expect(price.value).toBe('12,99');
});

describe('on a phone (issue 34 item 6)', () => {
  const wrap = {
    ...candle,
    id: 'holly-gift-wrap',
    name: 'Holly Gift Wrap &amp; Ribbon',
    price: 899,
    tag: 'giftwraps',
    stockRef: 'WRAP-ROLL',
    stock: {},
    sizes: [
      { size: '18inX36in', available: 7 },
      { size: '20inX40in', available: 0 },
      { size: '24inX44in', available: 2 },
    ],
  };
  /** The window as wide as `width`: what `(max-width: N px)` answers, as a browser would. */
  const viewport = (width: number) => {
    window.matchMedia = jest.fn((query: string) => ({
      matches: Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) >= width,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  };
  beforeEach(() => {
    const stub = global.fetch as jest.Mock;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(urlOf(input), 'http://shop.test');
      if (url.pathname === '/api/admin/products' && !url.searchParams.get('id'))
        return json(200, { products: [candle, wrap], total: 2, nextCursor: null });
      return stub(input, init) as Promise<Response>;
    }) as typeof fetch;
  });
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('the products are a list of cards (name, price, stock), each opening its product; no table', async () => {
    viewport(390);
    at('/admin/products');
    const card = await screen.findByTestId('card-holly-gift-wrap');
    const name = within(card).getByRole('link', { name: 'Holly Gift Wrap & Ribbon' });
    expect(name.getAttribute('href')).toBe('/admin/products?id=holly-gift-wrap');
    expect(card.textContent).toContain('$8.99');
    expect(card.textContent).toContain('18inX36in 7 · 20inX40in 0 · 24inX44in 2');
    expect(within(screen.getByTestId('card-vanilla-snow-candle')).getByText('Sold out')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('row-holly-gift-wrap')).toBeNull();
  });

  it('a card opens the product alone, its fields to edit and save', async () => {
    viewport(390);
    const { router } = at('/admin/products');
    await userEvent.click(await screen.findByRole('link', { name: 'Vanilla Snow Candle' }));
    const row = await screen.findByTestId('row-vanilla-snow-candle');
    expect(router.state.location.search).toBe('?id=vanilla-snow-candle');
    // Each field carries its column's name, which the phone's card shows beside it.
    expect(within(row).getByLabelText<HTMLInputElement>('Price').closest('td')!.dataset.label).toBe('Price ($)');
    await userEvent.clear(within(row).getByLabelText('Price'));
    await userEvent.type(within(row).getByLabelText('Price'), '19.50');
    // Its live region is there before the save (a screen reader announces what comes into it).
    const status = within(row).getByRole('status');
    expect(status.textContent).toBe('');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Vanilla Snow Candle.')).toBeTruthy();
    expect(saved).toEqual([{ url: '/api/admin/products/vanilla-snow-candle', body: { price: 1950, version: 3 } }]);
    // Said beside the Save pressed, in the product's own status line, and once: not again at the top of the page.
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('Saved Vanilla Snow Candle.'));
    expect(screen.getAllByText('Saved Vanilla Snow Candle.')).toHaveLength(1);
  });

  it('a desktop keeps the table', async () => {
    viewport(1280);
    at('/admin/products');
    expect(await screen.findByTestId('row-holly-gift-wrap')).toBeTruthy();
    expect(screen.queryByTestId('card-holly-gift-wrap')).toBeNull();
  });
});
