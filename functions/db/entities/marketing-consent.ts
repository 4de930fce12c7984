import { model, type Timestamps } from '../table';

/**
 * A customer's yes to marketing mail (issue 56 item 3, docs/decisions/0166): the exact words they agreed to and when,
 * where (the sign-up's box, or the checkout's with the order it was ticked for), keyed by the canonical email and one
 * id per yes (`checkout#<orderNumber>`, `sign-up#<userId>`), so each is written once and none is a shared item. An
 * unsubscribe (email-opt-out) after the latest yes takes the email out of every export.
 */
export interface MarketingConsentRecord extends Timestamps {
  /** The canonical email (shared/email.ts). */
  email: string;
  consentId: string;
  /** The email as the customer typed it (what the export lists). */
  typedEmail: string;
  name: string;
  via: 'sign-up' | 'checkout';
  words: string;
  agreedAt: string;
  orderNumber?: string;
}

export const marketingConsents = model<MarketingConsentRecord, 'email' | 'consentId'>({
  entity: 'marketingConsent',
  pk: ['email'],
  sk: ['consentId'],
  indexes: {
    // Every yes (the export reads them all: one partition, one row per yes).
    all: { index: 'gsi1', pk: [], sk: ['email', 'consentId'] },
  },
});
