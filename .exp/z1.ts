import * as z from 'zod/mini';
export const s = z.object({ a: z.string().check(z.minLength(1)) });
