import { forSizesOf } from '#shared/product-details';
import { DETAIL_TEXT_FIELDS, type ProductDetails } from '#shared/schemas/product-details';
import type { ProductRecord } from '../../db/entities/product';

/** The details as a form or a spreadsheet row gives them: a text '' clears its field. */
export type DetailInput = { [F in keyof ProductDetails]?: ProductDetails[F] | '' };

/**
 * The writes that take a product's feed and shipping details (issue 55 item 1) to what `input` says: a text given
 * is set, '' removed, one not given left as it is; a per-size map given replaces the stored one. GTINs and weights
 * are kept only for the sizes `tag` gives the product (a tag change drops the sizes it no longer has).
 */
export function detailWrites(
  input: DetailInput,
  tag: string,
  current: ProductDetails = {},
): { set: Partial<ProductRecord>; remove: (keyof ProductDetails)[] } {
  const set: Record<string, unknown> = {};
  const remove: (keyof ProductDetails)[] = [];
  for (const field of DETAIL_TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === '') {
      if (current[field] !== undefined) remove.push(field);
    } else set[field] = value;
  }
  for (const field of ['gtins', 'weightGrams'] as const) {
    const given = input[field];
    if (given === '') continue;
    const kept = forSizesOf<string | number>(tag, given ?? current[field]);
    if (Object.keys(kept).length) set[field] = kept;
    else if (current[field] !== undefined) remove.push(field);
  }
  return { set: set, remove };
}

/** A product's details as the admin's views answer them (only the fields set). */
export function detailsOf(record: ProductDetails): ProductDetails {
  const view: Record<string, unknown> = {};
  for (const field of [...DETAIL_TEXT_FIELDS, 'gtins', 'weightGrams'] as const)
    if (record[field] !== undefined) view[field] = record[field];
  return view;
}
