import * as z from 'zod';
import { MESSAGES } from '../messages';
import { sanitizeText } from '../sanitize';
import { isUsState } from '../tax';

/** Trimmed, at most `max` characters, angle brackets and ampersands turned into entities (spec section 5). */
export const cleanText = (max = 200, required = MESSAGES.profileFieldsRequired) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters.`)
    .transform(sanitizeText);

/** A saved shipping profile (spec sections 3 and 5). */
export const shippingProfileSchema = z.object({
  name: cleanText(),
  email: cleanText(),
  phone: cleanText().refine((v) => /^\d{10}$/.test(v), MESSAGES.invalidPhone),
  address: cleanText(),
  state: cleanText().refine(isUsState, MESSAGES.invalidProfileState),
  city: cleanText(),
  zip: cleanText().refine((v) => /^\d{5}$/.test(v), MESSAGES.invalidZip),
});
export type ShippingProfile = z.infer<typeof shippingProfileSchema>;

export const MAX_SHIPPING_PROFILES = 10;
export const shippingProfilesBodySchema = z.object({ profiles: z.array(shippingProfileSchema).max(MAX_SHIPPING_PROFILES) });
export const deleteShippingProfileBodySchema = z.object({ index: z.number().int().min(0).max(MAX_SHIPPING_PROFILES) });

/** The checkout's shipping address (spec sections 3 and 5). */
export const shippingAddressSchema = z.object({
  name: cleanText(),
  email: z.string().trim().max(200).pipe(z.email('Please enter a valid email address.')),
  line1: cleanText(),
  city: cleanText(),
  state: cleanText().refine(isUsState, MESSAGES.invalidCheckoutState),
  zip: cleanText().refine((v) => /^\d{5}$/.test(v), MESSAGES.invalidZip),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
