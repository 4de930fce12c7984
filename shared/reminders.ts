/**
 * Abandoned-checkout reminders (issue 27 items 1-4; docs/decisions/0078, 0079): the one definition of their times,
 * read by the server (scheduling, sending, the restore link, the dashboard) and the admin's form.
 */
export const REMINDER_RULES = {
  /**
   * Minutes after the card step (the checkout's last change) a reminder is sent, unless the owner sets another delay.
   */
  defaultDelayMinutes: 60,
  /** The longest delay the owner may set: a day (the restore link then still has six of its seven days). */
  maxDelayMinutes: 1440,
  /** How long a reminder's restore link works, from the send. */
  restoreDays: 7,
  /** At most one reminder per address in this many hours, whatever its carts. */
  perAddressHours: 24,
  /** An order paid by a reminded address this long after the reminder counts as recovered. */
  recoveredWithinDays: 7,
} as const;

/** The delivery kind of a checkout's reminder (its ref is the checkout id): one per checkout, ever. */
export const CHECKOUT_REMINDER = 'checkout-reminder';

/** The owner's words for a delay: `0` is off. */
export function delayText(minutes: number): string {
  if (minutes === 0) return 'off';
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
