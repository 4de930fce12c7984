import type { ProductRecord } from './product';
import { model, type Timestamps } from '../table';

/**
 * One listed product under one tag word (and under `*`, every listed product): what a category page, a hot
 * strip or new releases read instead of every product (docs/decisions/0043). It carries what the public list
 * shows of the product (the card), so a page is one Query. Written in the same transaction as every change to
 * the product (functions/domain/catalog/tag-index.ts); `createdAt` is the product's, so the key never moves.
 *
 * Keys: table pk `catalog#<word>`, sk `catalog#<createdAt>#<id>` (newest first read backwards); gsi1 `catalog#<word>` /
 * `<priceKey>#<createdAt>#<id>` (by price); gsi2 `catalog#<word>` / `<ratingKey>#<createdAt>#<id>` (by rating).
 */
/** What a card shows of the product: its own fields, copied (one definition: ProductRecord). */
type CardFields = Pick<
  ProductRecord,
  | 'id'
  | 'name'
  | 'image'
  | 'extraImages'
  | 'photos'
  | 'description'
  | 'price'
  | 'tag'
  | 'stockRef'
  | 'ratingCount'
  | 'ratingTotal'
>;

export interface CatalogEntryRecord extends Timestamps, CardFields {
  word: string;
  /** Price in cents, zero-padded to 10 digits, so the index sorts it as a number. */
  priceKey: string;
  /** Average rating x100 (3 digits) and the number of ratings (8 digits): best rated, then most rated. */
  ratingKey: string;
}

const pad = (value: number, digits: number) =>
  String(Math.max(0, Math.min(Math.round(value), 10 ** digits - 1))).padStart(digits, '0');

/** The sort fields of an entry, from the product's price and ratings: the index layout stays in this file. */
export function sortKeys(
  price: number,
  ratingAverage: number,
  ratingCount: number,
): Pick<CatalogEntryRecord, 'priceKey' | 'ratingKey'> {
  return { priceKey: pad(price, 10), ratingKey: `${pad(ratingAverage * 100, 3)}#${pad(ratingCount, 8)}` };
}

export const catalogEntries = model<CatalogEntryRecord, 'word' | 'createdAt' | 'id'>({
  entity: 'catalog',
  pk: ['word'],
  sk: ['createdAt', 'id'],
  indexes: {
    newest: { index: 'table', pk: ['word'], sk: ['createdAt', 'id'] },
    byPrice: { index: 'gsi1', pk: ['word'], sk: ['priceKey', 'createdAt', 'id'] },
    byRating: { index: 'gsi2', pk: ['word'], sk: ['ratingKey', 'createdAt', 'id'] },
  },
});
