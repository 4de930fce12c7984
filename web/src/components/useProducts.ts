import { useEffect, useState } from 'react';
import { PRODUCT_SORTS, productListSchema, productListUrl, type Product, type ProductSort } from '../../../shared/schemas/product';
import type * as z from '../../../shared/schemas/zod';
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
  /** Why the last page could not be loaded (e.g. a 429 with the server's sentence), when `failed`. */
  error?: unknown;
}

/** One page of a paged answer: its products and the cursor of the page after it (null: the last). */
type Page = { products: Product[]; nextCursor: string | null };

/** The pages already held (a visitor coming back sees them at once, so the page can scroll to where they were). */
function heldPages<S extends z.ZodMiniType<Page>>(urlOf: (cursor: string | null) => string, schema: S, count: number): z.output<S>[] {
  const pages: z.output<S>[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < count; i++) {
    const page: z.output<S> | undefined = peek(urlOf(cursor), schema);
    if (!page) break;
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return pages;
}

/**
 * The first `count` pages of a paged list (a category, search results), each asked for with the cursor of the one
 * before (`urlOf(cursor)`). Raising `count` ("Load more") keeps the pages shown and adds one; a new `key` (another
 * list or order) starts again. `first` is the first page as answered (a search's total comes with it).
 */
export function usePages<S extends z.ZodMiniType<Page>>(key: string, urlOf: (cursor: string | null) => string, schema: S, count: number): ProductPages & { first: z.output<S> | undefined } {
  const [state, setState] = useState<{ key: string; pages: z.output<S>[]; failed: boolean; error?: unknown }>(() => ({ key, pages: heldPages(urlOf, schema, count), failed: false }));
  const current = state.key === key ? state : { key, pages: heldPages(urlOf, schema, count), failed: false, error: undefined };
  const last = current.pages.at(-1);
  const complete = count <= 0 || current.pages.length >= count || (last !== undefined && !last.nextCursor);

  useEffect(() => {
    if (complete || current.failed) return;
    let live = true;
    (async () => {
      const pages = [...current.pages];
      let cursor = pages.at(-1)?.nextCursor ?? null;
      while (pages.length < count && (pages.length === 0 || cursor)) {
        const page: z.output<S> = await fetchQuery(urlOf(cursor), schema);
        pages.push(page);
        cursor = page.nextCursor;
      }
      if (live) setState({ key, pages, failed: false });
    })().catch((error: unknown) => {
      if (live) setState({ key, pages: current.pages, failed: true, error });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pages held are part of `current`, read when the count or list changes; urlOf follows key
  }, [key, count, complete, current.failed]);

  return {
    products: current.pages.length ? current.pages.flatMap((page) => page.products) : current.failed ? [] : null,
    more: !!last?.nextCursor,
    loading: !complete && !current.failed,
    failed: current.failed,
    error: current.error,
    first: current.pages[0],
  };
}

/**
 * The first `count` pages of a category in one order (GET /api/products?category=&sort=&cursor=). Raising `count`
 * ("Load more") keeps the pages shown and adds one.
 */
export function useProductPages(category: string, sort: ProductSort, count: number): ProductPages {
  return usePages(`${category}|${sort}`, (cursor) => productListUrl({ category, sort, cursor }), productListSchema, count);
}
