import {
  dropInputSchema,
  dropLineAnswerSchema,
  dropLineBodySchema,
  dropRestockSchema,
  dropViewSchema,
} from '../schemas/drops';
import { productIdSchema } from '../schemas/refs';
import type { RouteDef } from './types';

const NO_DROP = 'The product is not in a drop (never set up, or no product has this id)';

/**
 * Drops (issue 57, docs/decisions/0170): the owner sets a product's sizes on sale at a set time with a limit per
 * customer; their stock is split over shards while the drop is on, and folded back when it ends.
 */
export const DROP_ROUTES = [
  {
    method: 'POST',
    path: '/api/drops/{productId}/line',
    handler: 'drops/ask-line',
    access: 'public',
    rateLimit: 'drop-line',
    table: 'readwrite',
    params: { productId: productIdSchema },
    body: dropLineBodySchema,
    answer: dropLineAnswerSchema,
    refusals: {
      400: 'The token is not a place the shop signed for this drop',
      404: 'The product is not in a drop',
      409: 'The buyer stopped asking for longer than 30 s and lost the place (`line_left`)',
    },
    summary:
      "A drop's line: {} joins (a signed place at the back); {token} answers in, waiting (position, wait, when to " +
      'ask again) or sold out; asking again never moves a place forward',
  },
  {
    method: 'PUT',
    path: '/api/admin/drops/{productId}',
    handler: 'drops/set-up-drop',
    access: 'admin',
    table: 'readwrite',
    params: { productId: productIdSchema },
    body: dropInputSchema,
    answer: dropViewSchema,
    refusals: {
      400: 'A size the product has no stock count for, two sizes sharing one count, or too many shards',
      404: 'No product has this id',
      409: 'The product is in a drop already, or its stock changed while the drop was set up',
    },
    summary:
      '{sizes, startsAt (shop time), limit, shards?}: the sizes go on sale at startsAt, at most limit per customer; ' +
      'their units are split over shards until the drop ends',
  },
  {
    method: 'GET',
    path: '/api/admin/drops/{productId}',
    handler: 'drops/get-drop',
    access: 'admin',
    table: 'read',
    params: { productId: productIdSchema },
    answer: dropViewSchema,
    refusals: { 404: NO_DROP },
    summary: 'The drop with one number per size (its shards added up) and the sum check of each size',
  },
  {
    method: 'POST',
    path: '/api/admin/drops/{productId}/restock',
    handler: 'drops/restock-drop',
    access: 'admin',
    table: 'readwrite',
    params: { productId: productIdSchema },
    body: dropRestockSchema,
    answer: dropViewSchema,
    refusals: { 400: 'The size is not in this drop', 404: NO_DROP, 409: 'The drop ended meanwhile' },
    summary: '{size, units}: units added to one of the size’s shards while the drop is on',
  },
  {
    method: 'POST',
    path: '/api/admin/drops/{productId}/end',
    handler: 'drops/end-drop',
    access: 'admin',
    table: 'readwrite',
    params: { productId: productIdSchema },
    answer: dropViewSchema,
    refusals: { 404: NO_DROP, 409: 'The drop stayed busy through every try: try again' },
    summary: 'Ends the drop: the shards fold back into the one count of each size',
  },
] as const satisfies readonly RouteDef[];
