import { REMINDER_ROUTES } from '#shared/routes/reminders';
import { restoreCart } from '../../domain/reminders/restore';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(REMINDER_ROUTES, 'reminders/restore-cart', async ({ body }) =>
  restoreCart(body.token),
);
