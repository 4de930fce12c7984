import { useEffect, useState } from 'react';
import { PRODUCT_SORTS, productListSchema, productListUrl, type Product, type ProductList, type ProductSort } from '../../../shared/schemas/product';
import { fetchQuery, peek, prefetch, useQuery } from '../lib/query';

/** At most this many pages are kept in the address (?pages=), so a shared link cannot ask for thousands at once. */
const MAX_PAGES = 40;

/** A category page's order and number of pages shown, from its address (?sort=&pages=); anything else means the defaults. */
export function listState(params: URLSearchParams): { sort: ProductSort; pages: number } {
  const sort = (PRODUCT_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ProductSort) : 'newest';
  const pages = Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(params.get('pages'))) || 1));
  return { sort, pages };
}

/** Starts loading the first page of a category's list (route loaders call it, so the data comes with the route). */
export const prefetchProducts = (category: string, sort: ProductSort = 'newest') => prefetch(productListUrl({ category, sort }), productListSchema);

/** The first page of one category (tag word), e.g. the hot strips; `null` while loading. A `null` category loads nothing. */
export function useProducts(category: string | null): { products: Product[] | null; failed: boolean } {
  const { data, error } = useQuery(category === null ? null : productListUrl({ category }), productListSchema);
  if (error) return { products: [], failed: true };
  return { products: data?.products ?? null, failed: false };
}

export interface ProductPages {
  /** The products of the pages loaded so far, in order; null until the first page is there. */
  products: Product[] | null;
  /** Whether the list goes on after them. */
  more: boolean;
  loading: boolean;
  failed: boolean;
}

/** The pages already held (a visitor coming back sees them at once, so the page can scroll to where they were). */
function heldPages(category: string, sort: ProductSort, count: number): ProductList[] {
  const pages: ProductList[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < count; i++) {
    const page: ProductList | undefined = peek(productListUrl({ category, sort, cursor }), productListSchema);
    if (!page) break;
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return pages;
}

/**
 * The first `count` pages of a category in one order, each asked for with the cursor of the one before
 * (GET /api/products?category=&sort=&cursor=). Raising `count` ("Load more") keeps the pages shown and adds one.
 */
export function useProductPages(category: string, sort: ProductSort, count: number): ProductPages {
  const key = `${category}|${sort}`;
  const [state, setState] = useState(() => ({ key, pages: heldPages(category, sort, count), failed: false }));
  const current = state.key === key ? state : { key, pages: heldPages(category, sort, count), failed: false };
  const last = current.pages.at(-1);
  const complete = current.pages.length >= count || (last !== undefined && !last.nextCursor);

  useEffect(() => {
    if (complete || current.failed) return;
    let live = true;
    (async () => {
      const pages = [...current.pages];
      let cursor = pages.at(-1)?.nextCursor ?? null;
      while (pages.length < count && (pages.length === 0 || cursor)) {
        const page: ProductList = await fetchQuery(productListUrl({ category, sort, cursor }), productListSchema);
        pages.push(page);
        cursor = page.nextCursor;
      }
      if (live) setState({ key, pages, failed: false });
    })().catch(() => {
      if (live) setState({ key, pages: current.pages, failed: true });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pages held are part of `current`, read when the count or list changes
  }, [key, count, complete, current.failed]);

  return {
    products: current.pages.length ? current.pages.flatMap((page) => page.products) : current.failed ? [] : null,
    more: !!last?.nextCursor,
    loading: !complete && !current.failed,
    failed: current.failed,
  };
}
