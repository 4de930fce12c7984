import { products } from '../../db/entities/product';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler as search } from './search-products';

/** GET /api/products/search?q= against DynamoDB Local. */
beforeAll(async () => {
  await useFreshTable();
  const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes)).toISOString();
  await products.create({
    id: 'harvest-candle',
    name: 'Harvest Spice Candle',
    description: 'Cinnamon and clove soy wax.',
    price: 2400,
    tag: 'candles,hot',
    stock: { CANDLE: 2 },
    image: '/i/1.jpg',
    createdAt: at(1),
  });
  await products.create({
    id: 'pine-candle',
    name: 'Frosted Pine Candle',
    description: 'Fresh pine and cedarwood.',
    price: 2200,
    tag: 'candles',
    stock: { CANDLE: 2 },
    image: '/i/2.jpg',
    createdAt: at(2),
  });
  await products.create({
    id: 'cabin-hoodie',
    name: 'Cozy Cabin Hoodie',
    description: 'Heavyweight fleece with a kangaroo pocket.',
    price: 4999,
    tag: 'hoodies,new-releases',
    stockRef: 'H',
    image: '/i/3.jpg',
    createdAt: at(3),
  });
  await products.create({
    id: 'cider-tee',
    name: 'Cider &amp; Spice Tee',
    description: 'Soft cotton, a candle-lit print.',
    price: 2000,
    tag: 'tees',
    stockRef: 'T',
    image: '/i/4.jpg',
    createdAt: at(4),
  });
  await products.create({
    id: 'secret-candle',
    name: 'Secret Candle',
    description: 'Not yet for sale.',
    price: 1000,
    tag: 'candles',
    image: '/i/5.jpg',
    status: 'drafted',
    createdAt: at(5),
  });
});

const find = async (q?: string) => {
  const { status, body, headers } = await invoke(search, {
    method: 'GET',
    path: '/api/products/search',
    query: q === undefined ? undefined : { q },
  });
  return { status, body, headers, ids: (body.products ?? []).map((p: { id: string }) => p.id) };
};

it('finds by name, description and tag words, case-insensitive, never a drafted product', async () => {
  const candles = (await find('CANDLE')).ids;
  expect(candles.slice(0, 2).sort()).toEqual(['harvest-candle', 'pine-candle']);
  expect(candles[2]).toBe('cider-tee');
  expect((await find('cedarwood')).ids).toEqual(['pine-candle']);
  expect((await find('hoodies')).ids).toEqual(['cabin-hoodie']);
  expect((await find('releases')).ids).toEqual(['cabin-hoodie']);
  expect((await find('secret')).ids).toEqual([]);
});

it('matches the start of a word and ranks name matches above the rest', async () => {
  expect((await find('cand')).ids.slice(0, 2).sort()).toEqual(['harvest-candle', 'pine-candle']);
  expect((await find('cand')).ids).toContain('cider-tee');
  expect((await find('hood')).ids).toEqual(['cabin-hoodie']);
  expect((await find('kang')).ids).toEqual(['cabin-hoodie']);
  // A short word is a start, never a typo: "cand" does not find "hand" or "and".
  expect((await find('cand')).ids).not.toContain('cabin-hoodie');
});

it('forgives a small typo', async () => {
  // Two letters swapped is one typo (Damerau), so "cnadle" finds candles as "candke" does (search-typos.test.ts has
  // more).
  expect((await find('cnadle')).ids).toContain('harvest-candle');
  expect((await find('candke')).ids).toContain('harvest-candle');
  expect((await find('hodie')).ids).toEqual(['cabin-hoodie']);
  expect((await find('cinamon')).ids).toEqual(['harvest-candle']);
});

it('needs every word, reads stored text as shoppers see it, and answers products in the public shape', async () => {
  expect((await find('pine cedar')).ids).toEqual(['pine-candle']);
  expect((await find('pine hoodie')).ids).toEqual([]);
  const { ids, body, headers } = await find('spice candle');
  expect(ids).toEqual(['harvest-candle', 'cider-tee']);
  expect(body.query).toBe('spice candle');
  expect(body.products[0]).toMatchObject({
    id: 'harvest-candle',
    name: 'Harvest Spice Candle',
    price: 2400,
    photos: [null],
  });
  expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  expect((await find('cider & spice')).ids).toEqual(['cider-tee']);
});

it('answers an empty list for an empty or blank query and for no match; 400 for a query too long or unknown parameters', async () => {
  expect(await find('')).toMatchObject({ status: 200, ids: [] });
  expect(await find('   ')).toMatchObject({ status: 200, ids: [] });
  expect(await find()).toMatchObject({ status: 200, ids: [] });
  expect(await find('spaceship')).toMatchObject({ status: 200, ids: [] });
  expect((await find('x'.repeat(101))).status).toBe(400);
  const extra = await invoke(search, {
    method: 'GET',
    path: '/api/products/search',
    query: { q: 'candle', sort: 'price' },
  });
  expect(extra.status).toBe(400);
});
