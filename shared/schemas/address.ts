import { MESSAGES } from '../messages';
import { isUsState, toStateCode } from '../tax';
import { cleanText, shippingEmail } from './text';
import * as z from './zod';

/** A ZIP as the shop keeps one: five digits (spec section 5). */
export const FIVE_DIGIT_ZIP = /^\d{5}$/;

const matches = (pattern: RegExp, message: string) => z.refine<string>((value) => pattern.test(value), message);

/**
 * A phone number: exactly 10 digits (spec section 5). Spaces, brackets, dashes and dots between them are ignored, so
 * `(512) 555-0100` is `5125550100`, which is what is stored.
 */
export const phoneNumberSchema = z.pipe(
  z.pipe(
    cleanText(),
    z.transform((value: string) => value.replace(/[\s().-]/g, '')),
  ),
  z.string().check(matches(/^\d{10}$/, MESSAGES.invalidPhone)),
);

/** A saved shipping profile (spec sections 3 and 5); its email is checked as the checkout checks it. */
export const shippingProfileSchema = z.object({
  name: cleanText(),
  email: shippingEmail(MESSAGES.profileFieldsRequired),
  phone: phoneNumberSchema,
  address: cleanText(),
  state: cleanText().check(z.refine(isUsState, MESSAGES.invalidProfileState)),
  city: cleanText(),
  zip: cleanText().check(matches(FIVE_DIGIT_ZIP, MESSAGES.invalidZip)),
});
export type ShippingProfile = z.infer<typeof shippingProfileSchema>;

/** A shipping profile as stored and answered (its text sanitised on the way in). */
export const storedProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  zip: z.string(),
});
/** GET, POST and DELETE /auth/shippingProfiles answer the list as it now is. */
export const profilesAnswerSchema = z.object({ data: z.array(storedProfileSchema) });
/**
 * GET /auth/shippingProfiles also says which profile the customer's latest order shipped to (`lastUsed`, its index;
 * null when none did), so checkout can start from it (issue 34 item 4).
 */
export const profilesReadSchema = z.extend(profilesAnswerSchema, { lastUsed: z.nullable(z.number()) });

export const MAX_SHIPPING_PROFILES = 10;
export const shippingProfilesBodySchema = z.object({
  profiles: z.array(shippingProfileSchema).check(z.maxLength(MAX_SHIPPING_PROFILES)),
});
export const deleteShippingProfileBodySchema = z.object({
  index: z.number().check(z.int(), z.gte(0), z.lte(MAX_SHIPPING_PROFILES)),
});

/** The checkout's shipping address (spec sections 3 and 5). */
export const shippingAddressSchema = z.object({
  name: cleanText(),
  email: shippingEmail(),
  line1: cleanText(),
  city: cleanText(),
  state: cleanText().check(z.refine(isUsState, MESSAGES.invalidCheckoutState)),
  zip: cleanText().check(matches(FIVE_DIGIT_ZIP, MESSAGES.invalidZip)),
  /**
   * The carrier's contact number, when a wallet gave one (docs/decisions/0129: the shipping step asks for none, as the
   * spec's checkout form has none); 10 digits as a profile's.
   */
  phone: z.optional(phoneNumberSchema),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * The checkout's details as a request carries them (issue 50 item 9): a full shipping address, or, for a cart of gift
 * cards only (nothing ships), the buyer's name and email alone. Each field given is checked as the shipping address
 * checks it; which ones are required depends on the cart, so the body's schema decides (checkout.ts
 * `addressForTheCart`).
 */
export const checkoutAddressSchema = z.object({
  name: cleanText(),
  email: shippingEmail(),
  line1: z.optional(cleanText()),
  city: z.optional(cleanText()),
  state: z.optional(cleanText().check(z.refine(isUsState, MESSAGES.invalidCheckoutState))),
  zip: z.optional(cleanText().check(matches(FIVE_DIGIT_ZIP, MESSAGES.invalidZip))),
  phone: z.optional(phoneNumberSchema),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** Where a parcel goes: a checkout address's fields, or a profile's with its `address` as `line1`. */
export type ShipTo = Pick<ShippingAddress, 'name' | 'line1' | 'city' | 'state' | 'zip'>;
export const shipToOfProfile = ({
  name,
  address,
  city,
  state,
  zip,
}: Omit<ShippingProfile, 'email' | 'phone'>): ShipTo => ({
  name,
  line1: address,
  city,
  state,
  zip,
});

/**
 * Two addresses send a parcel to the same place for the same person: name, street, city and ZIP alike but for case and
 * spaces, the state by its code ("IL" or "Illinois"). The email is not part of it (a receipt can go elsewhere).
 */
export function sameShipTo(a: ShipTo, b: ShipTo): boolean {
  const same = (x: string, y: string) => x.trim().toLowerCase() === y.trim().toLowerCase();
  return (
    same(a.name, b.name) &&
    same(a.line1, b.line1) &&
    same(a.city, b.city) &&
    same(a.zip, b.zip) &&
    (toStateCode(a.state) ?? a.state.trim().toUpperCase()) === (toStateCode(b.state) ?? b.state.trim().toUpperCase())
  );
}
