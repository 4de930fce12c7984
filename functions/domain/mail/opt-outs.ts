import { canonicalEmail } from '#shared/email';
import { MAIL_PREFERENCE_MESSAGES } from '#shared/messages';
import type { UnsubscribeAnswer } from '#shared/schemas/email-preferences';
import { emailOptOuts, type EmailOptOutRecord } from '../../db/entities/email-opt-out';
import { isConditionFailure } from '../../db/table';
import { HttpError } from '../../lib/errors';
import { checkToken, signToken } from '../../lib/signed-tokens';

/**
 * Opting out of mail a shopper did not ask for (reminders, back-in-stock alerts; docs/decisions/0078): one record per
 * canonical email, honoured at once by every sender of such mail (they read it at send time), never undone by the
 * shop. Order mails (confirmation, shipping, cancellation) are not affected: the shopper asked for those.
 */

/** Whether the address (any spelling of it) has opted out. */
export async function hasOptedOut(email: string): Promise<boolean> {
  return (await emailOptOuts.get({ email: canonicalEmail(email) }, { consistent: true })) !== null;
}

/** Records the opt-out of an address; a second time keeps the first (when and how). */
export async function optOut(email: string, via: EmailOptOutRecord['via'], now = new Date()): Promise<void> {
  try {
    await emailOptOuts.create({ email: canonicalEmail(email), optedOutAt: now.toISOString(), via });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The token of an address's unsubscribe link (no end date: an unsubscribe link keeps working). */
export function unsubscribeToken(email: string): Promise<string> {
  return signToken('unsubscribe', email.trim().toLowerCase());
}

/** `ada@example.com` -> `ad•••@example.com`: enough for its owner to recognise, little for anyone who sees the page. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/**
 * POST /api/email-preferences/unsubscribe?token=: the link's token says the address; the opt-out is recorded (again:
 * nothing changes) and the answer says which address, masked. A token the shop did not sign (changed, cut short) is
 * 400 `link_invalid`, and nothing is written.
 */
export async function unsubscribe(token: string, via: EmailOptOutRecord['via']): Promise<UnsubscribeAnswer> {
  const checked = await checkToken('unsubscribe', token);
  if (!checked.ok) throw new HttpError(400, 'link_invalid', MAIL_PREFERENCE_MESSAGES.unsubscribeLinkInvalid);
  await optOut(checked.subject, via);
  return { unsubscribed: true, email: maskEmail(checked.subject) };
}
