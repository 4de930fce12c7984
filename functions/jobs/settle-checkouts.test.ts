import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client';
import { catalogEntries } from '../db/entities/catalog-entry';
import { products } from '../db/entities/product';
import { healCatalogIndex, INDEX_LEASE_MS, INDEX_VERSION } from '../domain/catalog/tag-index';
import { handler as listProducts } from '../http/catalog/list-products';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler as settleJob } from './settle-checkouts';

/**
 * The settle job also heals the catalogue index (docs/decisions/0049): a stage upgraded to this version has
 * products but no index entries, and its category pages must not stay empty until someone runs the reindex script.
 */
const context = { getRemainingTimeInMillis: () => 10_000 };
const list = async (category?: string) =>
  (
    await invoke(listProducts, {
      method: 'GET',
      path: '/api/products',
      query: { limit: '100', ...(category ? { category } : {}) },
    })
  ).body.products
    .map((p: { id: string }) => p.id)
    .sort();
const marker = async () =>
  (
    await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: 'meta#catalog-index', sk: 'meta#catalog-index' },
        ConsistentRead: true,
      }),
    )
  ).Item;
const allEntries = async () =>
  (await catalogEntries.query('newest', { word: '*' })).map((entry) => `${entry.id}@${entry.updatedAt}`).sort();

/** Products as an older version wrote them: no catalogue entries, no marker. */
async function productsWithoutIndex(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${String(i).padStart(3, '0')}`;
    await products.create({
      id,
      name: `Candle ${i}`,
      image: '/i/c.jpg',
      description: 'd',
      price: 1000 + i,
      tag: i % 2 ? 'candles' : 'candles, hot',
      stock: { CANDLE: 3 },
    });
    ids.push(id);
  }
  await products.create({
    id: `${prefix}-draft`,
    name: 'Draft',
    image: '/i/d.jpg',
    description: 'd',
    price: 100,
    tag: 'candles',
    stock: {},
    status: 'drafted',
  });
  return ids;
}

it('a table with products and no index: after the job the category pages answer them; the next run only reads the marker', async () => {
  await useFreshTable();
  const ids = await productsWithoutIndex(7, 'old');
  expect(await list('candles')).toEqual([]);

  const first = await settleJob(undefined, context);
  expect(first.catalogIndex).toBe('built');
  expect(await list('candles')).toEqual(ids);
  expect(await list('hot')).toEqual(ids.filter((_, i) => i % 2 === 0));
  expect(await list()).toEqual(ids);
  expect(await marker()).toMatchObject({ version: INDEX_VERSION });

  const written = await allEntries();
  const second = await settleJob(undefined, context);
  expect(second.catalogIndex).toBe('current');
  expect(await allEntries()).toEqual(written);
});

it('a build that runs out of time saves where it stands and the next run goes on from there', async () => {
  await useFreshTable();
  const ids = await productsWithoutIndex(80, 'many');
  // A clock that says the time is up after the first page of products.
  let calls = 0;
  const deadline = 1_000_000;
  const now = () => (calls++ < 3 ? deadline - 1 : deadline);
  expect(await healCatalogIndex({ deadline, now })).toBe('partial');
  const part = (await list()).length;
  expect(part).toBeGreaterThan(0);
  expect(part).toBeLessThan(ids.length);
  expect(await marker()).toMatchObject({ build: { phase: 'entries' }, leaseUntil: 0 });

  expect(await healCatalogIndex({ deadline: Date.now() + 60_000 })).toBe('built');
  expect(await list()).toEqual(ids);
  expect(await list('candles')).toEqual(ids);
  expect(await healCatalogIndex({ deadline: Date.now() + 60_000 })).toBe('current');
});

it('two runs at once: one builds, the other sees the lease and leaves it; a dead build is taken over after its lease', async () => {
  await useFreshTable();
  const ids = await productsWithoutIndex(30, 'twice');
  const results = await Promise.all([
    healCatalogIndex({ deadline: Date.now() + 60_000 }),
    healCatalogIndex({ deadline: Date.now() + 60_000 }),
  ]);
  expect(results.sort()).toEqual(['built', 'busy']);
  expect(await list('candles')).toEqual(ids);

  // A build whose function died holds the lease until it runs out; then the next run builds.
  await useFreshTable();
  const again = await productsWithoutIndex(5, 'dead');
  const deadline = 1_000_000;
  let calls = 0;
  const dying = () => (calls++ < 1 ? deadline - 1 : deadline);
  expect(await healCatalogIndex({ deadline, now: dying })).toBe('partial');
  // A partial run frees its lease, so the next run goes on at once; a run that died (no pause) still holds it:
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: 'meta#catalog-index', sk: 'meta#catalog-index' },
      UpdateExpression: 'SET leaseUntil = :lease',
      ExpressionAttributeValues: { ':lease': Date.now() + INDEX_LEASE_MS },
    }),
  );
  expect(await healCatalogIndex({ deadline: Date.now() + 60_000 })).toBe('busy');
  const afterLease = Date.now() + INDEX_LEASE_MS + 1;
  expect(await healCatalogIndex({ deadline: afterLease + 60_000, now: () => afterLease })).toBe('built');
  expect(await list()).toEqual(again);
});
