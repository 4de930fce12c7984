import { PROMO_CODE_PATTERN } from '../promo';
import * as z from './zod';

const CODE = 'A promo code is 3 to 32 letters, digits or dashes.';
/** A promo code as typed: trimmed, 3-32 letters, digits or dashes, then upper-cased (codes are case-insensitive). */
export const promoCodeSchema = z.pipe(
  z.string({ message: CODE }).check(z.trim(), z.regex(PROMO_CODE_PATTERN, CODE)),
  z.transform((code: string) => code.toUpperCase()),
);
