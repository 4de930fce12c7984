import MiniSearch from 'minisearch';
import type { Product } from '../../../shared/schemas/product';
import { unescapeText } from '../../../shared/sanitize';
import { CATALOG_CDN_SECONDS } from '../../../shared/pages';
import { listProductRecords, toProduct, type ProductRecord } from './products';

/**
 * Letters a word may be off by: none below 5 letters (a short word is usually the start of a longer one, and
 * "cand" must not find "hand"), one from 5 letters, two from 8.
 */
const typoDistance = (term: string) => (term.length < 5 ? false : term.length < 8 ? 1 : 2);

/** At most this many results (the page shows them all at once). */
export const SEARCH_LIMIT = 48;

/**
 * Listed products whose name, description or tag words match every word of `query`: case-insensitive, a word
 * may be the start of a longer one ("cand" finds candles) or carry a small typo (one letter off from five letters,
 * two from eight: "hodie", "cinamon"). Name matches rank above tag matches above description matches; ties keep the newest first.
 * Drafted products are never searched. The index is built from the listed products and kept for 30 s (searchIndex):
 * right for a shop of a few thousand products; docs/decisions/0044 says how far that goes and what replaces it.
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
      searchOptions: { prefix: true, fuzzy: typoDistance, boost: { name: 3, tags: 2 }, combineWith: 'AND' },
    });
    index.addAll(records.map((record) => ({ id: record.id, name: unescapeText(record.name), description: unescapeText(record.description), tags: record.tag.replace(/[,-]/g, ' ') })));
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

export async function searchProducts(query: string): Promise<Product[]> {
  const words = query.trim();
  if (!words) return [];
  const { index, records, order } = await searchIndex();
  const hits = index.search(words).sort((a, b) => b.score - a.score || order.get(a.id)! - order.get(b.id)!);
  const byId = new Map(records.map((record) => [record.id, record]));
  return hits.slice(0, SEARCH_LIMIT).map((hit) => toProduct(byId.get(hit.id)!));
}
