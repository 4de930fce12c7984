import { stockItems } from '../../db/entities/stock-item';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { BAD_ADMIN_CURSOR } from '#shared/schemas/admin';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as listDrafted } from './list-drafted-products';
import { handler as listItems } from './list-stock-items';
import { handler as listProducts } from './list-products';

/** Issue 17: the admin product, drafted-product and stock-item tables come in pages with a total. */
let token: string;
beforeAll(async () => {
  await useFreshTable();
  token = (await signInNewUser({ admin: true })).token;
  for (let i = 0; i < 7; i++)
    await stockItems.create({ id: `ITEM-${i}`, stock: { S: i, M: 0, L: 0, XL: 0, '2XL': 0 } });
  for (let i = 0; i < 5; i++) {
    await createIndexedProduct({
      id: `p${i}`,
      name: `P${i}`,
      image: '/i.jpg',
      description: 'd',
      price: 100,
      tag: 'candles',
      stock: {},
      status: i < 3 ? 'listed' : 'drafted',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    });
  }
});

const get = (handler: typeof listItems, path: string, query: Record<string, string> = {}) =>
  invoke(handler, { token, method: 'GET', path, query });

async function walk(handler: typeof listItems, path: string, field: 'items' | 'products', limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const { status, body } = await get(handler, path, { limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(status).toBe(200);
    ids.push(...body[field].map((row: { id: string }) => row.id));
    total = body.total;
    cursor = body.nextCursor;
  } while (cursor);
  return { ids, total };
}

it('stock items page by id; pages join without gaps or repeats; the total counts them all', async () => {
  const { ids, total } = await walk(listItems, '/api/admin/items', 'items', 3);
  expect(ids).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `ITEM-${i}`));
  expect(total).toBe(7);
});

it('listed and drafted products page newest first, each with its own total', async () => {
  expect(await walk(listProducts, '/api/admin/products', 'products', 2)).toEqual({ ids: ['p2', 'p1', 'p0'], total: 3 });
  expect(await walk(listDrafted, '/api/admin/drafted-products', 'products', 1)).toEqual({
    ids: ['p4', 'p3'],
    total: 2,
  });
});

it('a cursor of another table, a forged or broken one, and a bad limit are 400s', async () => {
  const drafted = (await get(listDrafted, '/api/admin/drafted-products', { limit: '1' })).body.nextCursor;
  const items = (await get(listItems, '/api/admin/items', { limit: '1' })).body.nextCursor;
  for (const [handler, path, cursor] of [
    [listProducts, '/api/admin/products', drafted],
    [listProducts, '/api/admin/products', items],
    [listItems, '/api/admin/items', drafted],
    [listItems, '/api/admin/items', 'bm90IGpzb24'],
  ] as const) {
    const answer = await get(handler, path, { cursor });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(BAD_ADMIN_CURSOR);
  }
  expect((await get(listItems, '/api/admin/items', { limit: '500' })).status).toBe(400);
  expect((await get(listItems, '/api/admin/items', { cursor: drafted.replace(/./, '!') })).status).toBe(400);
});

it('?id= answers the one product or stock item, whichever page it is on; one not in the list answers an empty page', async () => {
  // p0 is the oldest listed product: the last row of the last page at two a page.
  const one = await get(listProducts, '/api/admin/products', { limit: '2', id: 'p0' });
  expect(one.status).toBe(200);
  expect(one.body).toMatchObject({
    products: [{ id: 'p0', name: 'P0', status: 'listed' }],
    total: 1,
    nextCursor: null,
  });
  // A drafted product is not among the listed ones (and is on the drafted list).
  expect((await get(listProducts, '/api/admin/products', { id: 'p4' })).body).toEqual({
    products: [],
    total: 0,
    nextCursor: null,
  });
  expect(
    (await get(listDrafted, '/api/admin/drafted-products', { id: 'p4' })).body.products.map(
      (p: { id: string }) => p.id,
    ),
  ).toEqual(['p4']);
  expect((await get(listProducts, '/api/admin/products', { id: 'nope' })).body).toEqual({
    products: [],
    total: 0,
    nextCursor: null,
  });
  expect((await get(listItems, '/api/admin/items', { limit: '3', id: 'ITEM-6' })).body).toMatchObject({
    items: [{ id: 'ITEM-6', stock: { S: 6 } }],
    total: 1,
    nextCursor: null,
  });
  expect((await get(listItems, '/api/admin/items', { id: 'x'.repeat(201) })).status).toBe(400);
});
