import type { LoaderFunctionArgs } from 'react-router-dom';
import { CATEGORIES } from '#shared/categories';
import { productDetailSchema, productListSchema, productSearchAnswerSchema } from '#shared/schemas/product';
import { productListUrl, searchUrl } from '#shared/product-lists';
import { hotItems, listState, readPages } from '../../components/productPages';
import { answer } from '../../lib/answers';
import { ApiError } from '../../lib/api';

/**
 * The catalogue's route loaders (docs/decisions/0076). app/routes.tsx imports them, so they are in the app's entry,
 * not in the pages' chunks: a page's data is asked for beside its code, not after it. A page reads what its loader
 * returned (`useLoaderData`); the router waits for it before showing the page (the page stays whole: no spinner in
 * place of it), except for the hot-items strip, handed over as it is (held) or as a promise the page shows when it
 * comes (`HotItems`).
 */

/**
 * A category's pages shown (?pages=) in its order (?sort=); an unknown category loads nothing (the page says not
 * found).
 */
export async function categoryLoader({ params, request }: LoaderFunctionArgs) {
  const category = CATEGORIES.find((c) => c.slug === params.category);
  if (!category) return { category: null, list: null };
  const { sort, pages } = listState(new URL(request.url).searchParams);
  const list = await readPages(
    (cursor) => productListUrl({ category: category.slug, sort, cursor }),
    productListSchema,
    pages,
  );
  return { category, list };
}

/** One product (null when it is not listed: the page says so), and the hot strip under it. */
export async function productLoader({ params }: LoaderFunctionArgs) {
  const hot = hotItems();
  try {
    return { product: await answer(`/api/products/${encodeURIComponent(params.id ?? '')}`, productDetailSchema), hot };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { product: null, hot };
    throw error;
  }
}

/** The pages of a search shown (?q=&pages=); no words, no request. */
export async function searchLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim();
  if (!q) return { q, list: null };
  return {
    q,
    list: await readPages((cursor) => searchUrl(q, cursor), productSearchAnswerSchema, listState(params).pages),
  };
}
