import { REMINDER_ROUTES } from '#shared/routes/reminders';
import { saveReminderSettings } from '../../domain/reminders/settings';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(REMINDER_ROUTES, 'reminders/save-settings', async ({ body }) =>
  saveReminderSettings(body),
);
