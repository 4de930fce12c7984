import { reminderSettingsSchema, restoreAnswerSchema, restoreBodySchema } from '../schemas/reminders';
import { CART_RULES } from './checkout';
import type { RouteDef } from './types';

/**
 * Abandoned-checkout reminders (issue 27 items 1-4; docs/decisions/0078, 0079): the reminder's link brings its cart
 * back in any browser (public, rate-limited: shared/rate-limits.ts), and the owner sets the delay. The reminders
 * themselves are sent by the send-mails job (shared/jobs.ts).
 */
export const REMINDER_ROUTES = [
  {
    method: 'POST',
    path: '/api/reminders/restore',
    handler: 'reminders/restore-cart',
    access: 'public',
    rateLimit: 'cart-restores',
    table: 'read',
    uses: ['links'],
    body: restoreBodySchema,
    answer: restoreAnswerSchema,
    refusals: {
      400:
        "The link's token is not one the shop signed (`link_invalid`) or is past its 7 days, " +
        `or its cart is gone (\`link_expired\`); ${CART_RULES}`,
      409: 'The cart was bought since (`cart_bought`)',
    },
    summary:
      "{token} of a reminder's link -> the cart (priced now, only what can be bought now), " +
      'the shipping details, and the names of what is gone: fills a new checkout in any browser; ' +
      'holds nothing',
  },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    handler: 'reminders/save-settings',
    access: 'admin',
    table: 'readwrite',
    body: reminderSettingsSchema,
    answer: reminderSettingsSchema,
    summary:
      "The owner's settings: {reminderDelayMinutes} after the card step a checkout's reminder is sent " +
      '(0 turns reminders off; at most a day)',
  },
] as const satisfies readonly RouteDef[];
