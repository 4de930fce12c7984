import type { LoaderFunctionArgs } from 'react-router-dom';
import { HOT_TAG } from '../../../shared/categories';
import { productDetailSchema, productSearchAnswerSchema, searchUrl } from '../../../shared/schemas/product';
import { listState, prefetchProducts } from '../components/useProducts';
import { prefetch } from '../lib/query';

/**
 * Route loaders: each starts its page's data with the route (beside the page's code chunk) and returns at once;
 * the page reads the answer from the query cache (lib/query.ts). They never block navigation.
 */
export function homeLoader() {
  prefetchProducts(HOT_TAG);
  return null;
}

export function categoryLoader({ params, request }: LoaderFunctionArgs) {
  if (params.category) prefetchProducts(params.category, listState(new URL(request.url).searchParams).sort);
  return null;
}

export function productLoader({ params }: LoaderFunctionArgs) {
  if (params.id) prefetch(`/api/products/${encodeURIComponent(params.id)}`, productDetailSchema);
  prefetchProducts(HOT_TAG);
  return null;
}

export function searchLoader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (q) prefetch(searchUrl(q), productSearchAnswerSchema);
  return null;
}
