import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from '../../lib/csv';
import type { FeedItem } from './items';

/** Meta's catalog columns, in this order (issue 55 item 3). */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'size',
  'color',
  'gender',
  'age_group',
  'sale_price',
  'sale_price_effective_date',
] as const;

/** Meta's words for availability. */
const AVAILABILITY = { in_stock: 'in stock', out_of_stock: 'out of stock', preorder: 'preorder' } as const;

/**
 * `/feeds/meta.csv` (issue 55 item 3): the Google feed's items in Meta's columns, one line each, written by
 * csv-stringify. Cells are quoted as CSV needs and otherwise written as they are: this file is read by Meta's fetch, and a title is shown as typed
 * (the owner's spreadsheet export, which a person opens, defuses formulas: docs/decisions/0150).
 */
export function metaFeedCsv(items: readonly FeedItem[]): string {
  const row = (item: FeedItem): string[] => [
    item.id,
    item.title,
    item.description,
    AVAILABILITY[item.availability],
    item.condition,
    item.price,
    item.link,
    item.image_link,
    item.brand,
    item.item_group_id ?? '',
    item.size ?? '',
    item.color ?? '',
    item.gender ?? '',
    item.age_group ?? '',
    item.sale_price ?? '',
    item.sale_price_effective_date ?? '',
  ];
  return stringify([[...META_COLUMNS], ...items.map(row)], CSV_OPTIONS);
}
