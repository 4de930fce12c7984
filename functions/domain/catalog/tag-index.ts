import { randomUUID } from 'node:crypto';
import { type ProductListQuery } from '#shared/schemas/product';
import { BAD_CURSOR, type ProductSort } from '#shared/product-lists';
import { tagWords } from '#shared/sizes';
import { catalogEntries, sortKeys, type CatalogEntryRecord } from '../../db/entities/catalog-entry';
import { catalogIndexMarker, type CatalogIndexBuild } from '../../db/entities/marker';
import { products, type ProductRecord } from '../../db/entities/product';
import { isConditionFailure, type NewRecord, type TransactItem, type UpdateInput, type When } from '../../db/table';
import { transactWrite } from '../../db/transaction';
import { badRequest } from '../../lib/errors';

/**
 * The catalogue index (docs/decisions/0043): each listed product has one entry per tag word and one under ALL,
 * written in the same transaction as the product itself, so a page reads only the entries it shows.
 */
export const ALL = '*';
const WORD = /^[a-z0-9-]{1,40}$/;

/** The words a product is found under: none while drafted (or deleted), else ALL and each tag word. */
export function entryWords(record: ProductRecord | null): string[] {
  if (!record || record.status !== 'listed') return [];
  return [ALL, ...new Set(tagWords(record.tag).filter((word) => WORD.test(word)))];
}

/** The entry of a listed product under one word: the card's fields and the sort keys. */
export function entryOf(record: ProductRecord, word: string): CatalogEntryRecord {
  const count = record.ratingCount ?? 0;
  const average = count ? (record.ratingTotal ?? 0) / count : 0;
  return {
    word,
    id: record.id,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...sortKeys(record.price, average, count),
    name: record.name,
    image: record.image,
    extraImages: record.extraImages ?? [],
    ...(record.photos ? { photos: record.photos } : {}),
    description: record.description,
    price: record.price,
    tag: record.tag,
    ...(record.stockRef ? { stockRef: record.stockRef } : {}),
    ratingCount: count,
    ratingTotal: record.ratingTotal ?? 0,
  };
}

/** The entry writes that take the index from `before` to `after` (either may be null: new, deleted). */
export function entryWrites(before: ProductRecord | null, after: ProductRecord | null): TransactItem[] {
  const kept = new Set(entryWords(after));
  const writes: TransactItem[] = [];
  for (const word of entryWords(before)) {
    if (!kept.has(word) || before!.createdAt !== after?.createdAt)
      writes.push(catalogEntries.transact.delete({ word, createdAt: before!.createdAt, id: before!.id }));
  }
  for (const word of kept) writes.push(catalogEntries.transact.put(entryOf(after!, word)));
  return writes;
}

/** The product as read, as a write condition: unchanged since (version for admin edits, the counts for ratings). */
export function unchangedSince(current: ProductRecord): When<ProductRecord> {
  const equals: Partial<ProductRecord> = { version: current.version };
  const absent: (keyof ProductRecord)[] = [];
  for (const field of ['ratingCount', 'ratingTotal'] as const) {
    if (current[field] === undefined) absent.push(field);
    else equals[field] = current[field];
  }
  return { equals, absent };
}

/** A change to one product: new fields (an update), or its removal. */
export type ProductChange = { update: UpdateInput<ProductRecord> } | { delete: true };

/** The record after an update (what the entries will carry). */
function applied(current: ProductRecord, update: UpdateInput<ProductRecord>): ProductRecord {
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(update.set ?? {}).filter(([, value]) => value !== undefined)),
  };
  for (const field of update.remove ?? []) delete (next as unknown as Record<string, unknown>)[field];
  const fields = next as unknown as Record<string, unknown>;
  for (const [path, amount] of Object.entries<number | undefined>(update.add ?? {})) {
    if (amount === undefined) continue;
    // A number field, or a count inside one (`stock.CANDLE`).
    const [field, count] = path.split('.');
    if (count === undefined) fields[field] = ((fields[field] as number | undefined) ?? 0) + amount;
    else {
      const counts = { ...(fields[field] as Record<string, number> | undefined) };
      counts[count] = (counts[count] ?? 0) + amount;
      fields[field] = counts;
    }
  }
  next.updatedAt = new Date().toISOString();
  return next;
}

/**
 * Writes one product change and its index entries in ONE transaction, conditioned on the product being exactly
 * as read (`current`): `when` adds conditions of its own (e.g. the status it must still have), `extra` more
 * items (a review). Throws when a condition failed (isConditionFailure, functions/db/table.ts): the caller
 * reads again and decides (retry, 409, 404). Nothing is written then.
 */
export async function commitProductChange(
  current: ProductRecord,
  change: ProductChange,
  options: { when?: When<ProductRecord>; extra?: TransactItem[] } = {},
): Promise<ProductRecord | null> {
  const base = unchangedSince(current);
  const when: When<ProductRecord> = {
    ...options.when,
    equals: { ...base.equals, ...options.when?.equals },
    absent: [...(base.absent ?? []), ...(options.when?.absent ?? [])],
  };
  const after = 'delete' in change ? null : applied(current, change.update);
  const productWrite =
    'delete' in change
      ? products.transact.delete({ id: current.id }, { when })
      : products.transact.update(
          { id: current.id },
          { ...change.update, set: { ...change.update.set, updatedAt: after!.updatedAt } },
          { when, current },
        );
  await transactWrite([productWrite, ...entryWrites(current, after), ...(options.extra ?? [])]);
  return after;
}

/** Writes a new product (refused if the id is taken: ConditionalCheckFailed) with its entries. */
export async function createIndexedProduct(
  record: NewRecord<ProductRecord, 'extraImages' | 'stock' | 'status' | 'ratingCount' | 'ratingTotal' | 'version'>,
): Promise<ProductRecord> {
  const full = products.build(record);
  await transactWrite([products.transact.put(full, { ifNew: true }), ...entryWrites(null, full)]);
  return full;
}

/**
 * Writes a whole product (new or replacing the stored one) with its entries; the stored one's stale entries go.
 * For the seed, scripts and tests; admin changes go through commitProductChange.
 */
export async function putIndexedProduct(
  record: NewRecord<ProductRecord, 'extraImages' | 'stock' | 'status' | 'ratingCount' | 'ratingTotal' | 'version'>,
): Promise<ProductRecord> {
  const full = products.build(record);
  for (let attempt = 0; ; attempt++) {
    const before = await products.get({ id: full.id }, { consistent: true });
    const guard: TransactItem = before
      ? products.transact.put(full, { when: unchangedSince(before) })
      : products.transact.put(full, { ifNew: true });
    try {
      await transactWrite([guard, ...entryWrites(before, full)]);
      return full;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 5) throw error;
    }
  }
}

// ---- Reading: pages of one word's entries in one order, with an opaque cursor.

const ORDER: Record<ProductSort, { index: 'newest' | 'byPrice' | 'byRating'; order: 'asc' | 'desc' }> = {
  newest: { index: 'newest', order: 'desc' },
  'price-asc': { index: 'byPrice', order: 'asc' },
  'price-desc': { index: 'byPrice', order: 'desc' },
  rating: { index: 'byRating', order: 'desc' },
};

/** A cursor: the sort it belongs to and the index position after the last product shown, base64url JSON. */
function encodeCursor(sort: ProductSort, key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');
}

/** A client's cursor must be a position in this word's partition of this sort's index, or it is a 400. */
function decodeCursor(cursor: string, word: string, sort: ProductSort): Record<string, unknown> {
  try {
    const { s, k } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; k?: unknown };
    if (s === sort && catalogEntries.isPosition(k, ORDER[sort].index, { word })) return k;
  } catch {
    /* refused below */
  }
  throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
}

/** One page of listed products under `word` (ALL: every listed product) in the query's order. */
export async function readEntries(
  word: string,
  query: Pick<ProductListQuery, 'sort' | 'limit' | 'cursor'>,
): Promise<{ entries: CatalogEntryRecord[]; nextCursor: string | null }> {
  const { index, order } = ORDER[query.sort];
  const start = query.cursor ? decodeCursor(query.cursor, word, query.sort) : null;
  // One more than asked: whether a next page exists is known now, so "Load more" never opens an empty page.
  const page = await catalogEntries.queryPage(index, { word }, { order, limit: query.limit + 1 }, start);
  const entries = page.records.slice(0, query.limit);
  const more = page.records.length > query.limit;
  return {
    entries,
    nextCursor: more ? encodeCursor(query.sort, catalogEntries.position(entries.at(-1)!, index)) : null,
  };
}

// ---- Backfill: products written before the index (or by hand) get their entries; stray entries go.

const MARKER = { name: 'catalog-index' } as const;
/** Bump when the entries' shape changes: the next start (or `npm run catalog:reindex`) rebuilds them. */
export const INDEX_VERSION = 1;

/** Writes the entries of listed products, each with a check that the product is still as read (else skipped). */
async function writeEntriesOf(listed: readonly ProductRecord[]): Promise<{ written: number; skipped: string[] }> {
  let written = 0;
  const skipped: string[] = [];
  for (const record of listed) {
    const puts = entryWords(record).map((word) => catalogEntries.transact.put(entryOf(record, word)));
    try {
      await transactWrite([products.transact.check({ id: record.id }, { when: unchangedSince(record) }), ...puts]);
      written += puts.length;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      skipped.push(record.id); // changed meanwhile: that change wrote its own entries
    }
  }
  return { written, skipped };
}

/** Every product there is (listed and drafted) by id, and the words whose partitions may hold entries. */
async function allProducts(): Promise<{ byId: Map<string, ProductRecord>; words: string[] }> {
  const listed = await products.query('byStatus', { status: 'listed' });
  const drafted = await products.query('byStatus', { status: 'drafted' });
  const words = new Set<string>([
    ALL,
    ...listed.flatMap((record) => entryWords(record)),
    ...drafted.flatMap((record) => tagWords(record.tag)),
  ]);
  return { byId: new Map([...listed, ...drafted].map((record) => [record.id, record])), words: [...words].sort() };
}

/**
 * Deletes the entries under `word` whose product is gone, drafted, no longer tagged so, or moved (each only if still as
 * read).
 */
async function removeStrays(word: string, byId: Map<string, ProductRecord>): Promise<number> {
  let removed = 0;
  for (const entry of await catalogEntries.query('newest', { word })) {
    const product = byId.get(entry.id);
    if (product && product.createdAt === entry.createdAt && entryWords(product).includes(word)) continue;
    try {
      await transactWrite([
        catalogEntries.transact.delete(
          { word, createdAt: entry.createdAt, id: entry.id },
          { when: { equals: { updatedAt: entry.updatedAt } } },
        ),
      ]);
      removed++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return removed;
}

/**
 * Writes every listed product's entries (each with a check that the product is still as read, so a concurrent
 * admin change wins) and deletes entries whose product is gone, drafted, no longer tagged so, or moved (each only
 * if the entry is still as read). Safe to run again and while the shop is open: `npm run catalog:reindex`.
 */
export async function rebuildCatalogIndex(
  log: (line: string) => void = () => {},
): Promise<{ products: number; written: number; removed: number; skipped: string[] }> {
  const listed = await products.query('byStatus', { status: 'listed' });
  const { written, skipped } = await writeEntriesOf(listed);
  const { byId, words } = await allProducts();
  let removed = 0;
  for (const word of words) removed += await removeStrays(word, byId);
  await catalogIndexMarker.put({ ...MARKER, version: INDEX_VERSION, builtAt: new Date().toISOString() });
  log(
    `catalogue index: ${listed.length} listed product(s), ${written} entries written, ${removed} stray removed${skipped.length ? `, ${skipped.length} changed meanwhile` : ''}`,
  );
  return { products: listed.length, written, removed, skipped };
}

/** Builds the index once per INDEX_VERSION (npm start calls it; a table seeded by this version skips the work). */
export async function ensureCatalogIndex(log?: (line: string) => void): Promise<boolean> {
  const marker = await catalogIndexMarker.get(MARKER, { consistent: true });
  if (marker?.version === INDEX_VERSION) return false;
  await rebuildCatalogIndex(log);
  return true;
}

/** A build's claim on the marker: longer than any run of the job (its function stops after 10 seconds). */
export const INDEX_LEASE_MS = 120_000;
/** Listed products written per step of the job's build (progress is saved after each). */
const PAGE = 50;

/** The lease holder saves its progress; false when it lost the lease (another build or a full rebuild took over). */
async function saveProgress(owner: string, build: CatalogIndexBuild, leaseUntil: number): Promise<boolean> {
  try {
    await catalogIndexMarker.update(MARKER, { set: { build, leaseUntil } }, { when: { equals: { owner } } });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The scheduled job's step (docs/decisions/0049): one GetItem when the index is current. When the marker is missing
 * or older than INDEX_VERSION (a stage upgraded to this version: products but no entries), it builds the index by
 * the same steps as rebuildCatalogIndex, in pages, within `deadline` (epoch ms); a build that runs out of time saves
 * where it stands on the marker and the next run goes on from there. One build at a time holds a lease on the
 * marker (a second run meanwhile answers `busy`); even two at once would be safe, as every write is conditional.
 */
export async function healCatalogIndex(options: {
  deadline: number;
  now?: () => number;
  log?: (line: string) => void;
}): Promise<'current' | 'busy' | 'partial' | 'built'> {
  const clock = options.now ?? Date.now;
  const marker = await catalogIndexMarker.get(MARKER, { consistent: true });
  if (marker?.version === INDEX_VERSION) return 'current';
  const owner = randomUUID();
  try {
    // The lease, on a marker of another version (or none) whose lease has run out (or none); the marker is written if
    // missing.
    await catalogIndexMarker.update(
      MARKER,
      { set: { owner, leaseUntil: clock() + INDEX_LEASE_MS } },
      { upsert: true, when: { notEquals: { version: INDEX_VERSION }, below: { leaseUntil: clock() } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) return 'busy';
    throw error;
  }
  const saved = marker?.build;
  const build: CatalogIndexBuild =
    saved?.version === INDEX_VERSION
      ? saved
      : { version: INDEX_VERSION, phase: 'entries', cursor: null, wordsDone: [] };
  const outOfTime = () => clock() >= options.deadline;
  // Out of time: save where it stands and free the lease, so the next run goes on at once.
  const pause = async () => ((await saveProgress(owner, build, 0)) ? 'partial' : 'busy');

  while (build.phase === 'entries') {
    if (outOfTime()) return pause();
    const page = await products.queryPage('byStatus', { status: 'listed' }, { limit: PAGE }, build.cursor);
    const { written } = await writeEntriesOf(page.records);
    if (written) options.log?.(`catalogue index: ${written} entries written`);
    build.cursor = page.next;
    if (!page.next) build.phase = 'strays';
    if (!(await saveProgress(owner, build, clock() + INDEX_LEASE_MS))) return 'busy';
  }
  const { byId, words } = await allProducts();
  for (const word of words.filter((w) => !build.wordsDone.includes(w))) {
    if (outOfTime()) return pause();
    await removeStrays(word, byId);
    build.wordsDone.push(word);
    if (!(await saveProgress(owner, build, clock() + INDEX_LEASE_MS))) return 'busy';
  }
  try {
    await catalogIndexMarker.put(
      { ...MARKER, version: INDEX_VERSION, builtAt: new Date(clock()).toISOString() },
      { when: { equals: { owner } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) return 'busy';
    throw error;
  }
  options.log?.(`catalogue index built (${byId.size} product(s))`);
  return 'built';
}
