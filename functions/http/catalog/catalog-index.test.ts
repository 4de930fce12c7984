import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { catalogEntries, type CatalogEntryRecord } from '../../db/entities/catalog-entry';
import { images } from '../../db/entities/image';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import {
  ALL,
  commitProductChange,
  createIndexedProduct,
  entryOf,
  entryWords,
  rebuildCatalogIndex,
} from '../../domain/catalog/tag-index';
import { BAD_CURSOR, PRODUCT_PAGE_SIZE, PRODUCT_SORTS, type ProductSort } from '#shared/product-lists';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as createProduct } from '../admin/create-product';
import { handler as deleteProduct } from '../admin/delete-product';
import { handler as draft } from '../admin/draft-product';
import { handler as undraft } from '../admin/undraft-product';
import { handler as updateProduct } from '../admin/update-product';
import { handler as listProducts } from './list-products';

/**
 * Issue 17: the catalogue index. Every product change (save, tag change, draft, undraft, delete, rating) leaves
 * exactly the entries the product implies, written in its own transaction; list pages join to the whole list.
 */
let token: string;
const photo = randomUUID();
beforeAll(async () => {
  await useFreshTable();
  token = (await signInNewUser({ admin: true })).token;
  await stockItems.create({ id: 'TEE', stock: { S: 1, M: 2, L: 3, XL: 4, '2XL': 5 } });
  await images.put({
    id: photo,
    status: 'ready',
    original: `uploads/${photo}.png`,
    width: 320,
    height: 240,
    widths: [320],
  });
});

const as = (extra: Record<string, unknown>) => ({ token, ...extra }) as never;
const add = (body: Record<string, unknown>) =>
  invoke(createProduct, as({ method: 'POST', path: '/api/admin/products', body }));
const update = (id: string, body: unknown) =>
  invoke(updateProduct, as({ method: 'PUT', path: `/api/admin/products/${id}`, params: { id }, body }));
const post = (handler: typeof draft, id: string, verb: string) =>
  invoke(handler, as({ method: 'POST', path: `/api/admin/products/${id}/${verb}`, params: { id } }));
const remove = (id: string) =>
  invoke(deleteProduct, as({ method: 'DELETE', path: `/api/admin/products/${id}`, params: { id } }));
const list = (query: Record<string, string>) => invoke(listProducts, { method: 'GET', path: '/api/products', query });
const candle = (extra: Record<string, unknown> = {}) => ({
  name: 'Ember Candle',
  description: 'Smoky',
  price: 2100,
  tag: 'Candles, hot',
  image: `/images/products/${photo}`,
  extraImages: [],
  stock: { CANDLE: 7 },
  ...extra,
});

/** Every catalogue entry of a product, as the table holds them. */
async function entriesOf(id: string): Promise<CatalogEntryRecord[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :e AND id = :id',
        ExpressionAttributeValues: { ':e': catalogEntries.entity, ':id': id },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map(catalogEntries.fromItem).sort((a, b) => a.word.localeCompare(b.word));
}

/** The entries are exactly those the stored product implies (none when drafted or gone), field for field. */
async function expectIndexMatches(id: string) {
  const product = await products.get({ id }, { consistent: true });
  const expected = entryWords(product)
    .map((word) => entryOf(product!, word))
    .sort((a, b) => a.word.localeCompare(b.word));
  expect(await entriesOf(id)).toEqual(expected);
}
const words = async (id: string) => (await entriesOf(id)).map((entry) => entry.word);

describe('index upkeep on every product change', () => {
  it('save (create) writes an entry per tag word and one under ALL, in the product transaction', async () => {
    const { status, body } = await add(candle());
    expect(status).toBe(201);
    expect(await words(body.id)).toEqual([ALL, 'candles', 'hot'].sort());
    await expectIndexMatches(body.id);
    expect((await list({ category: 'candles' })).body.products.map((p: { id: string }) => p.id)).toContain(body.id);
  });

  it('save (update) rewrites the card the entries carry: name, price, description', async () => {
    const { body: created } = await add(candle({ name: 'Old Name' }));
    const { status } = await update(created.id, {
      version: created.version,
      name: 'New Name',
      price: 3300,
      description: 'Changed',
    });
    expect(status).toBe(200);
    await expectIndexMatches(created.id);
    const shown = (await list({ category: 'hot' })).body.products.find((p: { id: string }) => p.id === created.id);
    expect(shown).toMatchObject({ name: 'New Name', price: 3300, description: 'Changed' });
  });

  it('a tag change removes the old words and adds the new ones; apparel needs its stock item', async () => {
    const { body: created } = await add(candle());
    await update(created.id, { version: created.version, tag: 'tees,new-releases', stockRef: 'TEE' });
    expect(await words(created.id)).toEqual([ALL, 'new-releases', 'tees'].sort());
    await expectIndexMatches(created.id);
    expect(
      (await list({ category: 'hot', limit: '100' })).body.products.map((p: { id: string }) => p.id),
    ).not.toContain(created.id);
    expect((await list({ category: 'tees' })).body.products.map((p: { id: string }) => p.id)).toContain(created.id);
  });

  it('draft removes every entry, undraft brings them back as they were', async () => {
    const { body: created } = await add(candle());
    expect((await post(draft, created.id, 'draft')).status).toBe(200);
    expect(await entriesOf(created.id)).toEqual([]);
    expect(
      (await list({ category: 'candles', limit: '100' })).body.products.map((p: { id: string }) => p.id),
    ).not.toContain(created.id);
    expect((await post(undraft, created.id, 'undraft')).status).toBe(200);
    expect(await words(created.id)).toEqual([ALL, 'candles', 'hot'].sort());
    await expectIndexMatches(created.id);
  });

  it('delete removes every entry', async () => {
    const { body: created } = await add(candle());
    expect((await remove(created.id)).status).toBe(200);
    expect(await entriesOf(created.id)).toEqual([]);
  });

  it('a refused change (stale version, bad input) writes no entry', async () => {
    const { body: created } = await add(candle());
    const before = await entriesOf(created.id);
    expect((await update(created.id, { version: created.version + 5, price: 1 })).status).toBe(409);
    expect((await update(created.id, { version: created.version, tag: 'nonsense' })).status).toBe(400);
    expect(await entriesOf(created.id)).toEqual(before);
  });

  it('a rating moves the product in the by-rating order (entries change with the counts)', async () => {
    const { body: created } = await add(candle());
    const current = (await products.get({ id: created.id }, { consistent: true }))!;
    await commitProductChange(current, { update: { set: { ratingTotal: 9, ratingCount: 2 } } });
    await expectIndexMatches(created.id);
    const best = (await list({ category: 'candles', sort: 'rating', limit: '1' })).body.products[0];
    expect(best).toMatchObject({ id: created.id, averageRating: 4.5, ratingCount: 2 });
  });

  it('concurrent changes of one product (two saves, draft and save, save and delete) leave the entries of the winner', async () => {
    for (const pair of ['saves', 'draft', 'delete'] as const) {
      const { body: created } = await add(candle());
      const v = created.version;
      const second =
        pair === 'saves'
          ? update(created.id, { version: v, tag: 'candles,new-releases' })
          : pair === 'draft'
            ? post(draft, created.id, 'draft')
            : remove(created.id);
      const answers = await Promise.all([update(created.id, { version: v, price: 999, tag: 'candles' }), second]);
      expect(answers.map((answer) => answer.status).filter((status) => status === 200).length).toBeGreaterThanOrEqual(
        1,
      );
      for (const answer of answers) expect([200, 404, 409]).toContain(answer.status);
      await expectIndexMatches(created.id);
    }
  });
});

describe('pages and cursors', () => {
  const WORD = 'rugs';
  const COUNT = 53;
  let all: Awaited<ReturnType<typeof products.get>>[] = [];

  beforeAll(async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    all = [];
    for (let i = 0; i < COUNT; i++) {
      // Repeated prices and ratings: ties are broken by time and id, so pages never overlap.
      all.push(
        await createIndexedProduct({
          id: `rug-${String(i).padStart(2, '0')}`,
          name: `Rug ${i}`,
          image: '/i/rug.jpg',
          description: 'wool',
          price: 1000 + (i % 7) * 250,
          tag: i % 3 ? 'rugs' : 'rugs,hot',
          stock: { CANDLE: 1 },
          ratingCount: i % 4,
          ratingTotal: (i % 4) * (1 + (i % 5)),
          createdAt: new Date(base + i * 1000).toISOString(),
        }),
      );
    }
  });

  async function walk(sort: ProductSort, limit: number, between?: (page: number) => Promise<void>) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const { status, body } = await list({
        category: WORD,
        sort,
        limit: String(limit),
        ...(cursor ? { cursor } : {}),
      });
      expect(status).toBe(200);
      expect(body.products.length).toBeLessThanOrEqual(limit);
      seen.push(...body.products.map((p: { id: string }) => p.id));
      cursor = body.nextCursor;
      if (!cursor) return seen;
      expect(body.products.length).toBe(limit);
      await between?.(page);
    }
    throw new Error('too many pages');
  }

  it.each(PRODUCT_SORTS)(
    'sort %s: pages of 7 join to the whole list in order, without gaps or repeats',
    async (sort) => {
      const joined = await walk(sort, 7);
      const whole = (await list({ category: WORD, sort, limit: '100' })).body.products.map((p: { id: string }) => p.id);
      expect(whole).toHaveLength(COUNT);
      expect(joined).toEqual(whole);
      expect(new Set(joined).size).toBe(COUNT);
    },
  );

  it('orders: newest first, price both ways, best rated then most rated', async () => {
    const shown = async (sort: ProductSort) =>
      (await list({ category: WORD, sort, limit: '100' })).body.products as {
        id: string;
        price: number;
        averageRating: number;
        ratingCount: number;
      }[];
    expect((await shown('newest')).map((p) => p.id)).toEqual([...all].reverse().map((p) => p!.id));
    const up = (await shown('price-asc')).map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await shown('price-desc')).map((p) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const rated = await shown('rating');
    for (let i = 1; i < rated.length; i++) {
      const [a, b] = [rated[i - 1], rated[i]];
      // Shown averages are rounded to 0.1; the order (exact average, then count) never puts a lower one first.
      expect(a.averageRating).toBeGreaterThanOrEqual(b.averageRating);
      if (a.averageRating === b.averageRating && a.ratingCount === 0) expect(b.ratingCount).toBe(0);
    }
  });

  it('the first page is PRODUCT_PAGE_SIZE products with a cursor; the last page has none (never an empty "more")', async () => {
    const first = await list({ category: WORD });
    expect(first.body.products).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(typeof first.body.nextCursor).toBe('string');
    expect(first.headers['cache-control']).toMatch(/s-maxage=30/);
    const exact = await list({ category: WORD, limit: String(COUNT) });
    expect(exact.body.products).toHaveLength(COUNT);
    expect(exact.body.nextCursor).toBeNull();
    expect((await list({ category: 'giftwraps' })).body).toEqual({ products: [], nextCursor: null });
  });

  it('a bad cursor or limit is a 400 that names it', async () => {
    const { body } = await list({ category: WORD, limit: '5' });
    const good: string = body.nextCursor;
    const decoded = JSON.parse(Buffer.from(good, 'base64url').toString());
    const forged = (change: (value: { s: string; k: Record<string, string> }) => unknown) =>
      Buffer.from(JSON.stringify(change(structuredClone(decoded)))).toString('base64url');
    const bad = [
      'not a cursor!',
      'abc',
      Buffer.from('{"s":"newest"').toString('base64url'),
      forged((v) => ({ ...v, s: 'price-asc' })), // another order's cursor
      forged((v) => ({ ...v, k: { ...v.k, pk: 'catalog#hot' } })), // another category's
      forged((v) => ({ ...v, k: { ...v.k, pk: 'order#pending' } })), // another record kind's
      forged((v) => ({ ...v, k: { ...v.k, extra: 'x' } })),
      forged((v) => ({ ...v, k: { ...v.k, sk: 5 } })),
      'x'.repeat(1200),
    ];
    for (const cursor of bad) {
      const answer = await list({ category: WORD, cursor });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(JSON.stringify(answer.body.error)).toContain(BAD_CURSOR);
    }
    // The same cursor under the category it came from still works.
    expect((await list({ category: WORD, limit: '5', cursor: good })).status).toBe(200);
    for (const limit of ['0', '101', 'abc', '2.5']) expect((await list({ category: WORD, limit })).status).toBe(400);
    expect((await list({ category: WORD, sort: 'cheapest' })).status).toBe(400);
  });

  it('under concurrent edits (new products, deletions, price changes) newest-first pages never repeat a product and miss none that stayed', async () => {
    const before = (await list({ category: WORD, limit: '100' })).body.products.map(
      (p: { id: string }) => p.id,
    ) as string[];
    const deleted = new Set<string>();
    const joined = await walk('newest', 6, async (page) => {
      // A newer product (it sorts before every cursor), a deletion further down, a price change of an unseen one.
      const fresh = await createIndexedProduct({
        id: `rug-new-${page}`,
        name: 'New rug',
        image: '/i/r.jpg',
        description: 'd',
        price: 5,
        tag: WORD,
        stock: {},
      });
      expect(fresh.id).toBeTruthy();
      const victim = before[before.length - 1 - page];
      const current = (await products.get({ id: victim }, { consistent: true }))!;
      await commitProductChange(current, { delete: true });
      deleted.add(victim);
      const repriced = (await products.get({ id: before[before.length - 20 - page] }, { consistent: true }))!;
      if (repriced)
        await commitProductChange(repriced, {
          update: { set: { price: repriced.price + 1, version: repriced.version + 1 } },
        });
    });
    expect(new Set(joined).size).toBe(joined.length);
    expect(joined.filter((id) => id.startsWith('rug-new-'))).toEqual([]);
    expect(joined).toEqual(before.filter((id) => !deleted.has(id) || joined.includes(id)));
    for (const id of before.filter((id) => !deleted.has(id))) expect(joined).toContain(id);
  });
});

describe('backfill', () => {
  it('gives products written before the index their entries and removes stray ones; running it again changes nothing', async () => {
    // A product as written before the index (no entries), a stray entry of a product that is gone, one of a drafted
    // product.
    const old = await products.create({
      id: 'old-candle',
      name: 'Old',
      image: '/i/o.jpg',
      description: 'd',
      price: 100,
      tag: 'candles,hot',
      stock: {},
    });
    const drafted = await products.create({
      id: 'old-draft',
      name: 'Draft',
      image: '/i/d.jpg',
      description: 'd',
      price: 100,
      tag: 'candles',
      stock: {},
      status: 'drafted',
    });
    await catalogEntries.put(entryOf({ ...old, id: 'gone' }, 'candles'));
    await catalogEntries.put(entryOf({ ...drafted, status: 'listed' }, 'candles'));
    expect(await entriesOf('old-candle')).toEqual([]);
    const first = await rebuildCatalogIndex();
    expect(first.removed).toBe(2);
    await expectIndexMatches('old-candle');
    expect(await entriesOf('gone')).toEqual([]);
    expect(await entriesOf('old-draft')).toEqual([]);
    const again = await rebuildCatalogIndex();
    expect(again.removed).toBe(0);
    await expectIndexMatches('old-candle');
  });
});
