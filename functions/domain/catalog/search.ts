import MiniSearch, { type SearchResult } from 'minisearch';
import type { Product } from '../../../shared/schemas/product';
import { unescapeText } from '../../../shared/sanitize';
import { listProductRecords, toProduct } from './products';

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
 * Drafted products are never searched. The index is built from the listed products on each call: right for a
 * shop of hundreds of products; docs/decisions/0029 says what replaces it past a few thousand.
 */
export async function searchProducts(query: string): Promise<Product[]> {
  const words = query.trim();
  if (!words) return [];
  const records = await listProductRecords('listed');
  const index = new MiniSearch<{ id: string; name: string; description: string; tags: string }>({
    fields: ['name', 'tags', 'description'],
    searchOptions: { prefix: true, fuzzy: typoDistance, boost: { name: 3, tags: 2 }, combineWith: 'AND' },
  });
  index.addAll(records.map((record) => ({ id: record.id, name: unescapeText(record.name), description: unescapeText(record.description), tags: record.tag.replace(/[,-]/g, ' ') })));
  const order = new Map(records.map((record, position) => [record.id, position]));
  // MiniSearch types a hit's id as any: here it is always a product id.
  const idOf = (hit: SearchResult) => hit.id as string;
  const hits = index.search(words).sort((a, b) => b.score - a.score || order.get(idOf(a))! - order.get(idOf(b))!);
  const byId = new Map(records.map((record) => [record.id, record]));
  return hits.slice(0, SEARCH_LIMIT).map((hit) => toProduct(byId.get(idOf(hit))!));
}
