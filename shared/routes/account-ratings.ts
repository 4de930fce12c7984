import { ratedAnswerSchema, ratingsAnswerSchema, reviewBodySchema } from '../schemas/account';
import { productIdSchema } from '../schemas/refs';
import type { RouteDef } from './types';

/** The signed-in customer's ratings of the products they bought (a part of ACCOUNT_ROUTES). */
export const ACCOUNT_RATING_ROUTES = [
  {
    method: 'GET',
    path: '/auth/reviews',
    handler: 'accounts/list-ratings',
    access: 'user',
    table: 'read',
    answer: ratingsAnswerSchema,
    summary: "The customer's ratings: {ratings: {productId: rating}}",
  },
  {
    method: 'POST',
    path: '/auth/products/{id}/reviews',
    handler: 'accounts/rate-product',
    access: 'user',
    table: 'readwrite',
    params: { id: productIdSchema },
    body: reviewBodySchema,
    answer: ratedAnswerSchema,
    refusals: {
      403: 'The customer has not bought this product, or its order has not shipped yet',
      404: 'No listed product has this id',
      409: 'Many ratings of this product at once: try again',
    },
    summary: 'One rating (1-5) per customer per product shipped to them; a second replaces the first',
  },
] as const satisfies readonly RouteDef[];
