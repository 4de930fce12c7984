import * as z from 'zod/mini';
import { en } from 'zod/locales';
z.config(en());
export const s = z.object({ a: z.string().check(z.minLength(1)) });
