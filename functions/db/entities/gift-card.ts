import { model, type Timestamps } from '../table';

/**
 * A gift card or store credit (issue 36, docs/decisions/0126). Its code is never stored: only the SHA-256 of the
 * code it was last mailed with (`codeHash`, through the pointer below) and its last four characters. A card is
 * `scheduled` until its mail is written (then its code is made: each mail of a card carries a new code and the one
 * before stops working), `active` once mailed, `voided` by the owner. `balance` changes only beside an entry of its
 * ledger (giftCardEntries), by a conditional update in the same transaction: it never goes below zero.
 */
export interface GiftCardRecord extends Timestamps {
  cardId: string;
  kind: 'purchased' | 'store_credit';
  status: 'scheduled' | 'active' | 'voided';
  /** Cents the card was issued with. */
  amount: number;
  /** Cents left. */
  balance: number;
  codeHash?: string;
  last4?: string;
  /** Who bought it (a purchased card): the order and the buyer's name and email. */
  buyer?: { orderNumber: string; name: string; email: string };
  /** The order that bought it, or whose refund became this store credit. */
  sourceOrder?: string;
  /** Store credit: the owner's reason. */
  reason?: string;
  /** Store credit: the admin who issued it. */
  issuedBy?: string;
  recipient: { name: string; email: string };
  message?: string;
  /** The day (YYYY-MM-DD, shop's time zone) the card is mailed on. */
  deliverOn: string;
  /** When its mail (the latest) was sent. */
  sentAt?: string;
  /**
   * How many mails the card has had scheduled (its latest is mail `mails`, ref `<cardId>|<mails>`): the owner's "send
   * again" schedules the next one. Missing: 1.
   */
  mails?: number;
  voidedAt?: string;
  version: number;
}

export const giftCards = model<GiftCardRecord, 'cardId', 'version'>({
  entity: 'giftCard',
  pk: ['cardId'],
  indexes: {
    // Every card, newest first (the owner's list; one small partition for a small shop).
    all: { index: 'gsi1', pk: [], sk: ['createdAt'] },
    // The cards an order bought.
    byOrder: { index: 'gsi2', pk: ['sourceOrder'], sk: ['cardId'] },
  },
  defaults: () => ({ version: 1 }),
});

/** The pointer from a code's hash to its card (one GetItem to find a card from what a person typed). */
export interface GiftCardCodeRecord extends Timestamps {
  codeHash: string;
  cardId: string;
}

export const giftCardCodes = model<GiftCardCodeRecord, 'codeHash'>({ entity: 'giftCardCode', pk: ['codeHash'] });

/**
 * One movement of a card's balance, keyed so each is written once:
 * - `issued` (`issued`): the card's amount, when it is made;
 * - `debited` (`order-<orderNumber>`): paid part of an order (negative);
 * - `credited` (`return-<orderNumber>-<refundId|cancel>`): given back by a cancel or a refund in part;
 * - `voided` (`voided`): what was left when the owner voided it (negative).
 */
export interface GiftCardEntryRecord extends Timestamps {
  cardId: string;
  entryId: string;
  kind: 'issued' | 'debited' | 'credited' | 'voided';
  /** Cents added to the balance (negative for a debit or a void). */
  amount: number;
  orderNumber?: string;
  note?: string;
  at: string;
}

export const giftCardEntries = model<GiftCardEntryRecord, 'cardId' | 'entryId'>({
  entity: 'giftCardEntry',
  pk: ['cardId'],
  sk: ['entryId'],
  indexes: { byCard: { index: 'table', pk: ['cardId'], sk: ['entryId'] } },
});
