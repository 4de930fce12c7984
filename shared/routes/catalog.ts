import {
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
  productSearchAnswerSchema,
  productSearchQuerySchema,
} from '../schemas/product';
import { productIdSchema } from '../schemas/refs';
import type { RouteDef } from './types';

const BAD_CURSOR = 'A `cursor` that is not the nextCursor of a page of this list (or no longer is)';

export const CATALOG_ROUTES = [
  {
    method: 'GET',
    path: '/api/products',
    handler: 'catalog/list-products',
    access: 'public',
    table: 'read',
    query: productListQuerySchema,
    answer: productListSchema,
    refusals: { 400: BAD_CURSOR },
    summary:
      'One page of listed products, optionally of one category (?category=slug), ' +
      '?sort=newest|price-asc|price-desc|rating, ?limit= (1-100, default 24), ?cursor= ' +
      '(the nextCursor of the page before; a bad one is a 400)',
  },
  {
    method: 'GET',
    path: '/api/products/search',
    handler: 'catalog/search-products',
    access: 'public',
    rateLimit: 'search',
    table: 'read',
    query: productSearchQuerySchema,
    answer: productSearchAnswerSchema,
    refusals: { 400: BAD_CURSOR },
    summary:
      'Listed products matching ?q= in name, description or tag words (prefixes, small typos, ' +
      'accents folded), a page at a time: ?limit= (1-100, default 24), ?cursor= ' +
      '(the nextCursor of the page before); answers total',
  },
  {
    method: 'GET',
    path: '/api/products/{id}',
    handler: 'catalog/get-product',
    access: 'public',
    table: 'read',
    params: { id: productIdSchema },
    answer: productDetailSchema,
    refusals: { 404: 'No listed product has this id (unknown, drafted or deleted)' },
    summary: 'One listed product with sizes and per-size availability',
  },
] as const satisfies readonly RouteDef[];
