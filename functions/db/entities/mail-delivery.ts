import type { Mail } from '../../lib/mail';
import { model, type Timestamps } from '../table';

/**
 * One mail the shop owes someone, for one reason: `kind` (why: `order-confirmation`) and `ref` (about what: the
 * order number) are its key, so a reason gets one delivery, ever (docs/decisions/0064). It carries the mail itself,
 * so whoever sends it (the first caller, the job, an admin) sends the same words; or, for a mail scheduled for later
 * and written when it goes out (a checkout reminder: prices as they are then, docs/decisions/0079), none until its
 * kind's composer wrote it at a send (then the words of the last send).
 * - `pending`: to be sent at `dueAt` (the first time, or again after SES refused it);
 * - `sending`: claimed by one sender until `dueAt` (its lease);
 * - `sent`: SES accepted it (never sent again);
 * - `failed`: SES refused it every time it was tried; `unknown`: a send that never reported back (SES may have it):
 *   both wait for a person (`attentionAt`);
 * - `withdrawn`: no longer wanted (the order was cancelled before it went out; a reminder's cart was paid meanwhile).
 */
export interface MailDeliveryRecord extends Timestamps {
  kind: string;
  ref: string;
  /** The mail; absent on a scheduled delivery until a send composed it (its kind's composer, at send time). */
  mail?: Mail;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unknown' | 'withdrawn';
  /** Sends tried (claims made), by anyone. */
  attempts: number;
  /** While pending or sending only: when the job looks at it next (index `due`). */
  dueAt?: string;
  /** While failed or unknown only: since when it waits for a person (index `attention`). */
  attentionAt?: string;
  sentAt?: string;
  /** SES's id of the accepted mail. */
  messageId?: string;
  /** Why the last attempt did not send it, as SES or the network said. */
  lastError?: string;
  /** Why it was withdrawn (the order was cancelled; the reminder's cart was paid, the address opted out, ...). */
  withdrawnReason?: string;
  /**
   * The correlation id of what wrote it (the API request, else the job's invocation): the send-mails job logs its sends
   * under it (docs/decisions/0100).
   */
  correlationId?: string;
  version: number;
}

export const mailDeliveries = model<MailDeliveryRecord, 'kind' | 'ref', 'status' | 'attempts' | 'version'>({
  entity: 'mail-delivery',
  pk: ['kind', 'ref'],
  indexes: {
    // Every unfinished delivery, of every kind, in one small partition by the time it is due: one Query a job run.
    due: { index: 'gsi2', pk: [], sk: ['dueAt'] },
    // Those of a kind that wait for a person, oldest first: the dashboard's count and links.
    attention: { index: 'gsi1', pk: ['kind'], sk: ['attentionAt'] },
    // Those of a kind SES accepted, by when (a partition per kind and `sent`): the dashboard's reminders sent.
    sent: { index: 'gsi1', pk: ['kind', 'status'], sk: ['sentAt'] },
  },
  defaults: () => ({ status: 'pending', attempts: 0, version: 1 }),
});
