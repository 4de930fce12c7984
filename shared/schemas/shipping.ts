import { MESSAGES } from '../messages';
import { MAX_RATE_ID_LENGTH, RATE_ID, SHIPPING_LIMITS, SHIPPING_WORDS } from '../shipping';
import { isUsState } from '../tax';
import { FIVE_DIGIT_ZIP, phoneNumberSchema } from './address';
import { cleanText } from './text';
import * as z from './zod';

/**
 * The shipping step's rates, the chosen rate's id and the owner's shipping settings (issue 53 item 2; shared/shipping.ts,
 * docs/decisions/0161).
 */

/** A chosen rate's id: `flat`, `free`, or the provider's rate ids (one per parcel) joined by +. */
export const shippingRateIdSchema = z
  .string({ message: SHIPPING_WORDS.unknownRate })
  .check(z.maxLength(MAX_RATE_ID_LENGTH, SHIPPING_WORDS.unknownRate), z.regex(RATE_ID, SHIPPING_WORDS.unknownRate));

/** A rate as the shop offers it and an order keeps it. */
export const shippingRateSchema = z.object({
  id: z.string(),
  kind: z.enum(['flat', 'free', 'calculated']),
  label: z.string(),
  amount: z.number().check(z.int(), z.gte(0)),
  carrier: z.optional(z.string()),
  service: z.optional(z.string()),
  days: z.optional(z.number()),
});

export const shippingRatesAnswerSchema = z.object({
  rates: z.array(shippingRateSchema),
  /** Said beside the rates: the provider did not answer in time, or the order ships in too many parcels. */
  notice: z.optional(z.string()),
});
export type ShippingRatesAnswer = z.infer<typeof shippingRatesAnswerSchema>;

const centsMessage = `An amount is whole cents, 0 to ${SHIPPING_LIMITS.maxCents}.`;
const cents = () =>
  z
    .number({ message: centsMessage })
    .check(z.int(centsMessage), z.gte(0, centsMessage), z.lte(SHIPPING_LIMITS.maxCents, centsMessage));

/** GET and PUT /api/admin/shipping/settings: the owner's rates on offer and where parcels ship from. */
export const shippingSettingsSchema = z
  .object({
    offerFlat: z.boolean(),
    flatCents: cents(),
    freeOverCents: z.nullable(cents()),
    calculated: z.boolean(),
    shipFrom: z.nullable(
      z.object({
        name: cleanText(),
        street1: cleanText(),
        city: cleanText(),
        state: cleanText().check(z.refine(isUsState, MESSAGES.invalidCheckoutState)),
        zip: cleanText().check(z.refine((zip: string) => FIVE_DIGIT_ZIP.test(zip), MESSAGES.invalidZip)),
        phone: phoneNumberSchema,
      }),
    ),
  })
  .check(
    // Carriers price from where parcels leave: calculated rates without it would be offered to no one, silently.
    z.refine((settings) => !settings.calculated || settings.shipFrom !== null, {
      message: SHIPPING_WORDS.needShipFrom,
      path: ['calculated'],
    }),
  );
