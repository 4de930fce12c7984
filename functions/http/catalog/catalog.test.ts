import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { stockItems } from '../../db/entities/stock-item';
import { apiEvent, invoke, useFreshTable } from '#tests/helpers';
import { handler as listProducts } from './list-products';
import { handler as getProduct } from './get-product';
import { MESSAGES } from '#shared/messages';

beforeAll(async () => {
  await useFreshTable();
  await stockItems.create({ id: 'TEE-BASIC', stock: { S: 3, M: 0, L: 5, XL: 1, '2XL': 0 } });
  await createIndexedProduct({
    id: 'tee1',
    name: 'Pumpkin Tee',
    image: '/images/products/tee1.svg',
    description: 'Soft tee',
    price: 2499,
    tag: 'tees, New-Releases',
    stockRef: 'TEE-BASIC',
    ratingCount: 2,
    ratingTotal: 9,
  });
  await createIndexedProduct({
    id: 'candle1',
    name: 'Cider Candle',
    image: '/images/products/candle1.svg',
    description: 'Warm',
    price: 1800,
    tag: 'candles,hot',
    stock: { CANDLE: 4 },
  });
  await createIndexedProduct({
    id: 'wrap1',
    name: 'Snow Wrap',
    image: '/images/products/wrap1.svg',
    description: 'Paper',
    price: 900,
    tag: 'giftwraps',
    stockRef: 'TEE-BASIC',
  });
  await createIndexedProduct({
    id: 'draft1',
    name: 'Hidden Hoodie',
    image: '/images/products/h.svg',
    description: 'Draft',
    price: 4000,
    tag: 'hoodies,tees',
    status: 'drafted',
  });
});

const list = (query?: Record<string, string>) => invoke(listProducts, { method: 'GET', path: '/api/products', query });

describe('GET /api/products', () => {
  it('lists every listed product and never a drafted one', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.products.map((p: { id: string }) => p.id).sort()).toEqual(['candle1', 'tee1', 'wrap1']);
  });

  it('filters by a tag word, case-insensitively, among comma-separated tags', async () => {
    expect((await list({ category: 'tees' })).body.products.map((p: { id: string }) => p.id)).toEqual(['tee1']);
    expect((await list({ category: 'new-releases' })).body.products.map((p: { id: string }) => p.id)).toEqual(['tee1']);
    expect((await list({ category: 'HOT' })).body.products.map((p: { id: string }) => p.id)).toEqual(['candle1']);
    expect((await list({ category: 'rugs' })).body.products).toEqual([]);
  });

  it('shows the average rating and hides internal fields', async () => {
    const tee = (await list({ category: 'tees' })).body.products[0];
    expect(tee).toMatchObject({ name: 'Pumpkin Tee', price: 2499, averageRating: 4.5, ratingCount: 2 });
    expect(tee).not.toHaveProperty('ratingTotal');
    expect(tee).not.toHaveProperty('status');
    expect(tee).not.toHaveProperty('pk');
  });

  it('rejects a category that is no tag word and unknown parameters', async () => {
    const bad = await list({ category: '<script>' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await list({ category: 'tees', admin: 'true' })).status).toBe(400);
  });
});

describe('GET /api/products/{id}', () => {
  const get = (id: string) =>
    invoke(getProduct, { method: 'GET', path: `/api/products/${id}`, routePath: '/api/products/{id}', params: { id } });

  it('returns apparel with per-size availability from the linked stock item', async () => {
    const { status, body } = await get('tee1');
    expect(status).toBe(200);
    expect(body.sizes).toEqual([
      { size: 'S', available: 3 },
      { size: 'M', available: 0 },
      { size: 'L', available: 5 },
      { size: 'XL', available: 1 },
      { size: '2XL', available: 0 },
    ]);
  });

  it('maps gift-wrap sizes onto the S, M and L counts', async () => {
    const { body } = await get('wrap1');
    expect(body.sizes).toEqual([
      { size: '18inX36in', available: 3 },
      { size: '20inX40in', available: 0 },
      { size: '24inX44in', available: 5 },
    ]);
  });

  it('gives candles their own single CANDLE count', async () => {
    expect((await get('candle1')).body.sizes).toEqual([{ size: 'CANDLE', available: 4 }]);
  });

  it('answers 404 in the error format for a missing or drafted product', async () => {
    for (const id of ['nope', 'draft1']) {
      const { status, body } = await get(id);
      expect(status).toBe(404);
      expect(body).toEqual({ error: { code: 'not_found', message: MESSAGES.productNotFound } });
    }
  });

  it('answers 400 for an id that cannot be a product id', async () => {
    expect((await get('../../etc')).status).toBe(400);
  });
});

it('builds events the way the gateway does', () => {
  expect(apiEvent({ method: 'GET', path: '/api/products' }).routeKey).toBe('GET /api/products');
});
