import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { ProductSearchAnswer, ProductSearchQuery } from '#shared/schemas/product';
import { BAD_CURSOR, PRODUCT_PAGE_SIZE } from '#shared/product-lists';
import { unescapeText } from '#shared/sanitize';
import { CATALOG_CDN_SECONDS } from '#shared/pages';
import { badRequest } from '../../lib/errors';
import { listProductRecords, toProduct, type ProductRecord } from './products';
import { withStockLeft } from './availability';

/**
 * Letters a word may be off by: none below 5 letters (a short word is usually the start of a longer one, and
 * "cand" must not find "hand"), one from 5 letters, two from 8. Two neighbouring letters swapped ("cnadle") count
 * as one (Damerau), like any other slip of a finger.
 */
const typoDistance = (term: string) => (term.length < 5 ? 0 : term.length < 8 ? 1 : 2);

/** Letters NFD does not take apart, spelt as a shopper without them types them. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A word as search compares it, in the index and in a query alike: lower case, accents folded (NFD, combining
 * marks removed), so "Crème Brûlée" is found by "creme brulee" and "crème" finds "Creme".
 */
export function searchTerm(term: string): string {
  return term
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter]);
}

/** Every spelling of `term` with two neighbouring letters swapped (what a swap typo is one edit away from). */
function swaps(term: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i + 1 < term.length; i++) {
    if (term[i] === term[i + 1]) continue;
    found.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  found.delete(term);
  return [...found];
}

/**
 * Weight of a match reached through a swap, as MiniSearch weighs its own fuzzy matches (a typo ranks below the word).
 */
const SWAP_WEIGHT = 0.45;

/**
 * The query MiniSearch runs: every word must match (AND); a word matches as typed (or as the start of a longer
 * word, or within its typo distance), or with two neighbouring letters swapped and the rest of its distance.
 */
function queryOf(words: string[]): Query {
  return {
    combineWith: 'AND',
    queries: words.map((word) => {
      const distance = typoDistance(word);
      const variants = distance > 0 ? swaps(word) : [];
      return {
        combineWith: 'OR',
        queries: [
          { queries: [word], fuzzy: distance || false },
          ...(variants.length
            ? [{ queries: variants, fuzzy: distance - 1 || false, boostTerm: () => SWAP_WEIGHT }]
            : []),
        ],
      };
    }),
  };
}

/**
 * Listed products whose name, description or tag words match every word of `query`: case-insensitive and
 * accent-insensitive, a word may be the start of a longer one ("cand" finds candles) or carry a small typo (one
 * letter off, or two letters swapped, from five letters; two from eight: "hodie", "cnadle", "cinamon"). Name
 * matches rank above tag matches above description matches; ties keep the newest first. Drafted products are
 * never searched. Answered a page at a time (`limit`, `cursor`), with the total. The index is built from the
 * listed products and kept for 30 s (searchIndex): right for a shop of a few thousand products;
 * docs/decisions/0044 says how far that goes and what replaces it.
 */
type Doc = { id: string; name: string; description: string; tags: string };
interface Built {
  at: number;
  index: MiniSearch<Doc>;
  records: ProductRecord[];
  order: Map<string, number>;
}
let built: Promise<Built> | null = null;
let builtAt = 0;

/**
 * The search index of the listed products, built from one read of them and kept in the function's memory for
 * CATALOG_CDN_SECONDS (what CloudFront keeps an answer anyway), so a warm function reads the catalogue at most
 * twice a minute, whatever the number of searches. docs/decisions/0044.
 */
async function searchIndex(): Promise<Built> {
  if (built && Date.now() - builtAt < CATALOG_CDN_SECONDS * 1000) return built;
  builtAt = Date.now();
  built = (async () => {
    const records = await listProductRecords('listed');
    const index = new MiniSearch<Doc>({
      fields: ['name', 'tags', 'description'],
      // The same folding for the index and for queries (MiniSearch applies processTerm to both).
      processTerm: searchTerm,
      searchOptions: { prefix: true, boost: { name: 3, tags: 2 } },
    });
    index.addAll(
      records.map((record) => ({
        id: record.id,
        name: unescapeText(record.name),
        description: unescapeText(record.description),
        tags: record.tag.replace(/[,-]/g, ' '),
      })),
    );
    return { at: builtAt, index, records, order: new Map(records.map((record, position) => [record.id, position])) };
  })();
  built.catch(() => {
    built = null;
  });
  return built;
}

/** Tests: build the index again on the next search (a change must not wait for the cache time). */
export function forgetSearchIndex(): void {
  built = null;
}

/** MiniSearch's own tokenizer (splits on spaces and punctuation), so a query's words are the index's words. */
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** A cursor: base64url of `o<offset>` into the ranked matches of the same query. */
const encodeCursor = (offset: number) => Buffer.from(`o${offset}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^o(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
  return Number(match[1]);
}

export async function searchProducts({
  q,
  limit = PRODUCT_PAGE_SIZE,
  cursor,
}: Pick<ProductSearchQuery, 'q'> &
  Partial<Pick<ProductSearchQuery, 'limit' | 'cursor'>>): Promise<ProductSearchAnswer> {
  const query = q.trim();
  const offset = cursor ? decodeCursor(cursor) : 0;
  const words = tokenize(query).map(searchTerm).filter(Boolean);
  if (!words.length) return { query, products: [], total: 0, nextCursor: null };
  const { index, records, order } = await searchIndex();
  // MiniSearch types a hit's id as any: here it is always a product id.
  const idOf = (hit: SearchResult) => hit.id as string;
  const hits = index
    .search(queryOf(words))
    .sort((a, b) => b.score - a.score || order.get(idOf(a))! - order.get(idOf(b))!);
  const byId = new Map(records.map((record) => [record.id, record]));
  const page = hits.slice(offset, offset + limit);
  return {
    query,
    products: await withStockLeft(page.map((hit) => toProduct(byId.get(idOf(hit))!))),
    total: hits.length,
    nextCursor: offset + limit < hits.length ? encodeCursor(offset + limit) : null,
  };
}
