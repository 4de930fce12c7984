import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
z.config(en());
export const s = z.object({ a: z.string().check(z.minLength(1)) });
