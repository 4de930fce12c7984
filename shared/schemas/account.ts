import * as z from 'zod';

/** POST /auth/products/{id}/reviews: the user comes from the token; a userId in the body is ignored. */
export const reviewBodySchema = z.object({
  rating: z.number({ message: 'Rating must be a whole number from 1 to 5.' }).int('Rating must be a whole number from 1 to 5.').min(1, 'Rating must be a whole number from 1 to 5.').max(5, 'Rating must be a whole number from 1 to 5.'),
});
