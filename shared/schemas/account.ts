import * as z from './zod';

const RATING = 'Rating must be a whole number from 1 to 5.';

/** POST /auth/products/{id}/reviews: the user comes from the token; a userId in the body is ignored. */
export const reviewBodySchema = z.object({
  rating: z.number({ message: RATING }).check(z.int(RATING), z.gte(1, RATING), z.lte(5, RATING)),
});

/** What POST /auth/products/{id}/reviews answers: the product's rating after this one, and the caller's rating. */
export const ratedAnswerSchema = z.object({ averageRating: z.number(), ratingCount: z.number(), rating: z.number() });
/** GET /auth/reviews: the caller's rating of each product they rated. */
export const ratingsAnswerSchema = z.object({ ratings: z.record(z.string(), z.number()) });
