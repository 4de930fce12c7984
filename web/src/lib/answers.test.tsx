import { screen } from '@testing-library/react';
import { productDetailSchema, productListSchema } from '#shared/schemas/product';
import { productListUrl } from '#shared/product-lists';
import { MAX_PAGES, readPages } from '../components/productPages';
import { jsonResponse, renderApp, urlOf } from '../testing/render';
import { answer, FRESH_MS, forgetAnswers, heldAnswer, KEPT_ANSWERS, keptAnswers } from './answers';

/**
 * The catalogue answers the route loaders read (lib/answers.ts): the page's HTML first, one request per URL while
 * fresh.
 */
const candle = {
  id: 'c1',
  name: 'Candle',
  image: '/c.jpg',
  extraImages: [],
  description: 'Warm',
  price: 1899,
  tag: 'candles',
  averageRating: 0,
  ratingCount: 0,
};
const detail = { ...candle, name: 'Embedded Candle', sizes: [{ size: 'CANDLE', available: 3 }] };

beforeEach(() => {
  forgetAnswers();
  document.getElementById('shop-data')?.remove();
  window.scrollTo = jest.fn();
  global.fetch = jest.fn(async () => jsonResponse(200, { products: [candle] })) as typeof fetch;
});

function embed(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-data';
  script.textContent = JSON.stringify(answers);
  document.head.appendChild(script);
}

it('the first page shows what the page function put into the HTML, with no request at all (the product and its hot strip)', async () => {
  embed({
    '/api/products/c1': detail,
    '/api/products?category=hot': { products: [{ ...candle, id: 'h1', name: 'Hot Tee' }] },
  });
  renderApp('/product/c1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Embedded Candle' })).toBeTruthy();
  // The strip came with the page (held): no placeholder, no request.
  expect(screen.getByRole('link', { name: /Hot Tee/ })).toBeTruthy();
  expect(global.fetch).not.toHaveBeenCalled();
  expect(document.getElementById('shop-data')).toBeNull();
});

it('asks for a list once while it is fresh, however many loaders ask at the same time; then again', async () => {
  const url = '/api/products?category=candles';
  const [a, b] = await Promise.all([answer(url, productListSchema), answer(url, productListSchema)]);
  expect(a.products[0].name).toBe('Candle');
  expect(b).toEqual(a);
  expect(heldAnswer(url, productListSchema)).toEqual(a);
  await answer(url, productListSchema);
  expect(global.fetch).toHaveBeenCalledTimes(1);
  jest.useFakeTimers({ now: Date.now() + FRESH_MS + 1 });
  try {
    expect(heldAnswer(url, productListSchema)).toBeUndefined();
    await answer(url, productListSchema);
    expect(global.fetch).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
  }
});

it('asks again after a failure (a failed answer is not kept)', async () => {
  global.fetch = jest.fn(async () => jsonResponse(500, {})) as typeof fetch;
  await expect(answer('/api/products?category=rugs', productListSchema)).rejects.toThrow();
  global.fetch = jest.fn(async () => jsonResponse(200, { products: [{ ...candle, name: 'Rug' }] })) as typeof fetch;
  expect((await answer('/api/products?category=rugs', productListSchema)).products[0].name).toBe('Rug');
});

const fetched = () => (global.fetch as jest.Mock).mock.calls.length;
const list = (n: number) => answer(`/api/products?category=c${n}`, productListSchema);

it(`keeps at most ${KEPT_ANSWERS} answers: the least recently used goes first`, async () => {
  for (let n = 0; n < KEPT_ANSWERS; n++) await list(n);
  expect(fetched()).toBe(KEPT_ANSWERS);
  // The first is used again (held), so it is now the most recently used; the next new one pushes out the second.
  await list(0);
  await list(KEPT_ANSWERS);
  expect(fetched()).toBe(KEPT_ANSWERS + 1);
  expect(keptAnswers()).toBe(KEPT_ANSWERS);
  await list(0);
  expect(fetched()).toBe(KEPT_ANSWERS + 1);
  await list(1);
  expect(fetched()).toBe(KEPT_ANSWERS + 2);
});

it('lets answers past their 30 s go as soon as another is kept', async () => {
  await list(1);
  await list(2);
  expect(keptAnswers()).toBe(2);
  jest.useFakeTimers({ now: Date.now() + FRESH_MS + 1 });
  try {
    await list(3);
    expect(keptAnswers()).toBe(1);
  } finally {
    jest.useRealTimers();
  }
});

it('a category at its most pages, with a product and the hot strip opened between, reads them all again from memory', async () => {
  // Page n answers the cursor of page n + 1.
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (url.pathname === '/api/products/c1') return jsonResponse(200, detail);
    const page = Number(url.searchParams.get('cursor') ?? '0');
    return jsonResponse(200, { products: [{ ...candle, id: `p${page}` }], nextCursor: String(page + 1) });
  }) as typeof fetch;
  const pages = (count: number) =>
    readPages((cursor) => productListUrl({ category: 'candles', cursor }), productListSchema, count);
  expect((await pages(MAX_PAGES - 1)).products).toHaveLength(MAX_PAGES - 1);
  await answer('/api/products/c1', productDetailSchema);
  await answer(productListUrl({ category: 'hot' }), productListSchema);
  const before = fetched();
  // Load more: one page more, one request.
  expect((await pages(MAX_PAGES)).products).toHaveLength(MAX_PAGES);
  expect(fetched()).toBe(before + 1);
  await answer('/api/products/c1', productDetailSchema);
  expect(fetched()).toBe(before + 1);
});
