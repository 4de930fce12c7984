import { model, type Timestamps } from '../table';

/**
 * The last checkout reminder an address got (keyed by its canonical email, shared/email.ts): "at most one reminder per
 * address per day" is a conditional write on this record, claimed by the sender that is about to send
 * (docs/decisions/0079), so two carts of one shopper reminded at the same moment make one mail.
 */
export interface ReminderAddressRecord extends Timestamps {
  /** The canonical email. */
  email: string;
  /** When the claim was made (epoch ms): the next reminder to this address waits 24 hours from it. */
  lastSentMs: number;
  /** The checkout whose reminder holds the claim (its retries after a refusal pass). */
  checkoutId: string;
}

export const reminderAddresses = model<ReminderAddressRecord, 'email'>({ entity: 'reminder-address', pk: ['email'] });
