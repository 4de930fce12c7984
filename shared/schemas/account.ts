import * as z from './zod';

const RATING = 'Rating must be a whole number from 1 to 5.';

/** POST /auth/products/{id}/reviews: the user comes from the token; a userId in the body is ignored. */
export const reviewBodySchema = z.object({
  rating: z.number({ message: RATING }).check(z.int(RATING), z.gte(1, RATING), z.lte(5, RATING)),
});
