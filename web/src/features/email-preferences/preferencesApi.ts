import { unsubscribeAnswerSchema, type UnsubscribeAnswer } from '#shared/schemas/email-preferences';
import { api } from '../../lib/api';

/**
 * Records that the mail's address wants no more reminders or alerts (the token of the mail's link says which address).
 */
export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return api(`/api/email-preferences/unsubscribe?token=${encodeURIComponent(token)}`, unsubscribeAnswerSchema, {
    method: 'POST',
  });
}
