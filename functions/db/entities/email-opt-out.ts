import { model, type Timestamps } from '../table';

/**
 * An address that asked for no more mail it did not ask for (reminders, back-in-stock alerts: design section 4,
 * docs/decisions/0078), keyed by its canonical email (shared/email.ts), so `Ada+shop@` and `ada@` are one
 * person. Written once, by the unsubscribe link or a mail client's one-click unsubscribe (RFC 8058); every sender of
 * such mail reads it at send time. Mail the shopper asked for (order confirmations, shipping) is not affected.
 */
export interface EmailOptOutRecord extends Timestamps {
  /** The canonical email. */
  email: string;
  optedOutAt: string;
  /**
   * `page`: the unsubscribe page the mail's link opens; `one-click`: the mail client's button (List-Unsubscribe-Post).
   */
  via: 'page' | 'one-click';
}

export const emailOptOuts = model<EmailOptOutRecord, 'email'>({ entity: 'email-opt-out', pk: ['email'] });
