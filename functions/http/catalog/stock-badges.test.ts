import { stockItems } from '../../db/entities/stock-item';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { forgetSearchIndex } from '../../domain/catalog/search';
import { invoke, useFreshTable } from '#tests/helpers';
import { productListSchema, productSearchAnswerSchema } from '#shared/schemas/product';
import { stockBadge } from '#shared/stock';
import { handler as listProducts } from './list-products';
import { handler as searchProducts } from './search-products';

/**
 * What a category or search card says of stock (issue 26, docs/decisions/0075): every list answer carries `left`,
 * the units of the product's best size read when the list is asked for (capped at 4, "plenty").
 */
beforeAll(async () => {
  await useFreshTable();
  await stockItems.create({ id: 'TEE-LOW', stock: { S: 0, M: 2, L: 1, XL: 0, '2XL': 0 } });
  await stockItems.create({ id: 'TEE-GONE', stock: { S: 0, M: 0, L: 0, XL: 0, '2XL': 0 } });
  await stockItems.create({ id: 'TEE-FULL', stock: { S: 40, M: 0, L: 0, XL: 0, '2XL': 0 } });
  const base = { image: '/images/products/x.svg', description: 'Soft', price: 2000 };
  await createIndexedProduct({ ...base, id: 'tee-low', name: 'Low Tee', tag: 'tees', stockRef: 'TEE-LOW' });
  await createIndexedProduct({ ...base, id: 'tee-gone', name: 'Gone Tee', tag: 'tees', stockRef: 'TEE-GONE' });
  await createIndexedProduct({ ...base, id: 'tee-full', name: 'Full Tee', tag: 'tees', stockRef: 'TEE-FULL' });
  // Gift wraps read the stock item's S, M and L: XL stock does not count for them.
  await createIndexedProduct({ ...base, id: 'wrap-gone', name: 'Gone Wrap', tag: 'giftwraps', stockRef: 'TEE-GONE' });
  await createIndexedProduct({ ...base, id: 'candle-gone', name: 'Gone Candle', tag: 'candles', stock: { CANDLE: 0 } });
  await createIndexedProduct({
    ...base,
    id: 'candle-three',
    name: 'Three Candle',
    tag: 'candles',
    stock: { CANDLE: 3 },
  });
  await createIndexedProduct({
    ...base,
    id: 'tumbler-one',
    name: 'One Tumbler',
    tag: 'tumblers',
    stock: { '16oz': 0, '20oz': 1 },
  });
  // Apparel without a stock item has nothing to sell.
  await createIndexedProduct({ ...base, id: 'tee-unlinked', name: 'Unlinked Tee', tag: 'tees' });
});

const listed = async (query: Record<string, string> = {}) => {
  const { status, body } = await invoke(listProducts, { method: 'GET', path: '/api/products', query });
  expect(status).toBe(200);
  return Object.fromEntries(productListSchema.parse(body).products.map((product) => [product.id, product.left]));
};

it('a category list carries each card’s stock as read now: sold out, only N left (best size), or plenty (4)', async () => {
  expect(await listed({ category: 'tees' })).toEqual({ 'tee-low': 2, 'tee-gone': 0, 'tee-full': 4, 'tee-unlinked': 0 });
  expect(await listed({ category: 'candles' })).toEqual({ 'candle-gone': 0, 'candle-three': 3 });
  expect(await listed({ category: 'giftwraps' })).toEqual({ 'wrap-gone': 0 });
  const all = await listed();
  expect(all['tumbler-one']).toBe(1);
  expect(Object.fromEntries(Object.entries(all).map(([id, left]) => [id, stockBadge(left)]))).toEqual({
    'tee-low': 'Only 2 left',
    'tee-gone': 'Sold out',
    'tee-full': null,
    'wrap-gone': 'Sold out',
    'candle-gone': 'Sold out',
    'candle-three': 'Only 3 left',
    'tumbler-one': 'Only 1 left',
    'tee-unlinked': 'Sold out',
  });
});

it('the next list shows a change of stock at once (no entry holds the counts)', async () => {
  await stockItems.update({ id: 'TEE-GONE' }, { set: { stock: { S: 0, M: 0, L: 9, XL: 0, '2XL': 0 } } });
  expect(await listed({ category: 'tees' })).toMatchObject({ 'tee-gone': 4 });
  expect(await listed({ category: 'giftwraps' })).toEqual({ 'wrap-gone': 4 });
  await stockItems.update({ id: 'TEE-GONE' }, { set: { stock: { S: 0, M: 0, L: 0, XL: 0, '2XL': 0 } } });
});

it('search answers carry the same', async () => {
  forgetSearchIndex();
  const { status, body } = await invoke(searchProducts, {
    method: 'GET',
    path: '/api/products/search',
    query: { q: 'tee' },
  });
  expect(status).toBe(200);
  const left = Object.fromEntries(
    productSearchAnswerSchema.parse(body).products.map((product) => [product.id, product.left]),
  );
  expect(left).toEqual({ 'tee-low': 2, 'tee-gone': 0, 'tee-full': 4, 'tee-unlinked': 0 });
});
