import { screen } from '@testing-library/react';
import { productListSchema } from '#shared/schemas/product';
import { jsonResponse, renderApp } from '../testing/render';
import { answer, FRESH_MS, forgetAnswers, heldAnswer } from './answers';

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
