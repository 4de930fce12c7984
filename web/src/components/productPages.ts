import { HOT_TAG } from '#shared/categories';
import { productListSchema, type Product } from '#shared/schemas/product';
import { productSortOf, productListUrl, type ProductSort } from '#shared/product-lists';
import type * as z from '#shared/schemas/zod';
import { answer, answerNowOrLater } from '../lib/answers';

/**
 * The hot-items strip's products (the first page tagged `hot`): the list at once when held (the HTML's answer), else
 * its promise, which never fails (no list: an empty one, and no strip; the page around it does not depend on it).
 */
export function hotItems(): Product[] | Promise<Product[]> {
  const list = answerNowOrLater(productListUrl({ category: HOT_TAG }), productListSchema);
  return list instanceof Promise
    ? list.then(
        (page) => page.products,
        () => [],
      )
    : list.products;
}

/**
 * At most this many pages are kept in the address (?pages=), so a shared link cannot ask for thousands at once (and
 * lib/answers.ts keeps them all: KEPT_ANSWERS).
 */
export const MAX_PAGES = 40;

/**
 * A category page's order and number of pages shown, from its address (?sort=&pages=); anything else means the
 * defaults.
 */
export function listState(params: URLSearchParams): { sort: ProductSort; pages: number } {
  const sort = productSortOf(params.get('sort'));
  const pages = Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(params.get('pages'))) || 1));
  return { sort, pages };
}

/** One page of a paged answer: its products and the cursor of the page after it (null: the last). */
type Page = { products: Product[]; nextCursor: string | null };

export interface ProductPages<P extends Page = Page> {
  /** The products of the pages loaded, in order (none when the first page could not be had). */
  products: Product[];
  /** Whether the list goes on after them. */
  more: boolean;
  /** Whether a page could not be loaded (the first: nothing to show; a later one: Load more says so). */
  failed: boolean;
  /** Why (e.g. a 429 with the server's sentence), when `failed`. */
  error?: unknown;
  /** The first page as answered (a search's total comes with it). */
  first?: P;
}

/**
 * The first `count` pages of a paged list (a category, search results), each asked for with the cursor of the one
 * before (`urlOf(cursor)`): what the category and search loaders return. Pages already held come from memory, so
 * Load more (one page more in the address) asks for one page, and the back button for none. A page that cannot be
 * had ends the list there, with `failed`: the pages before it stay shown.
 */
export async function readPages<S extends z.ZodMiniType<Page>>(
  urlOf: (cursor: string | null) => string,
  schema: S,
  count: number,
): Promise<ProductPages<z.output<S>>> {
  const pages: z.output<S>[] = [];
  let cursor: string | null = null;
  try {
    while (pages.length < count && (pages.length === 0 || cursor)) {
      const page: z.output<S> = await answer(urlOf(cursor), schema);
      pages.push(page);
      cursor = page.nextCursor;
    }
  } catch (error) {
    return { products: pages.flatMap((page) => page.products), more: false, failed: true, error, first: pages[0] };
  }
  return {
    products: pages.flatMap((page) => page.products),
    more: !!pages.at(-1)?.nextCursor,
    failed: false,
    first: pages[0],
  };
}
