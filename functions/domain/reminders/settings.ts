import { REMINDER_RULES } from '#shared/reminders';
import type { ReminderSettings } from '#shared/schemas/reminders';
import { shopSettings } from '../../db/entities/shop-settings';

/**
 * The owner's reminder setting (one record of shop settings; docs/decisions/0079): minutes after the card step, 0 off.
 * No record yet reads as the default (REMINDER_RULES.defaultDelayMinutes).
 */
export async function readReminderSettings(): Promise<ReminderSettings> {
  const record = await shopSettings.get({ name: 'shop' });
  return { reminderDelayMinutes: record?.reminderDelayMinutes ?? REMINDER_RULES.defaultDelayMinutes };
}

/**
 * PUT /api/admin/settings: the owner sets the delay (0 turns reminders off); it applies to checkouts from now on and to
 * reminders not sent yet.
 */
export async function saveReminderSettings(settings: ReminderSettings): Promise<ReminderSettings> {
  await shopSettings.update(
    { name: 'shop' },
    { set: { reminderDelayMinutes: settings.reminderDelayMinutes }, add: { version: 1 } },
    { upsert: true },
  );
  return readReminderSettings();
}
