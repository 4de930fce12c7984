import { REMINDER_MESSAGES } from '../messages';
import { REMINDER_RULES } from '../reminders';
import { cartSchema } from './cart';
import { linkTokenSchema } from './email-preferences';
import * as z from './zod';

/** POST /api/reminders/restore: the token of a reminder's link. */
export const restoreBodySchema = z.object({ token: linkTokenSchema });

/** The typed shipping details as the shopper typed them (not sanitised: the shipping step sends them again). */
const restoredAddressSchema = z.object({
  name: z.string(),
  email: z.string(),
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/**
 * A reminded cart, to fill a new checkout in any browser: the lines that can be bought now (priced now), the shipping
 * details, and the names of what is sold out or gone since. Nothing is held.
 */
export const restoreAnswerSchema = z.object({
  cart: cartSchema,
  shippingAddress: restoredAddressSchema,
  unavailable: z.array(z.string()),
});
export type RestoreAnswer = z.infer<typeof restoreAnswerSchema>;

const delayMessage = REMINDER_MESSAGES.delayInvalid(REMINDER_RULES.maxDelayMinutes);
/** The owner's reminder settings: minutes after the card step; 0 turns reminders off. */
export const reminderSettingsSchema = z.object({
  reminderDelayMinutes: z
    .number(delayMessage)
    .check(z.int(delayMessage), z.gte(0, delayMessage), z.lte(REMINDER_RULES.maxDelayMinutes, delayMessage)),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
