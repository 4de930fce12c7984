import { GIFT_CARD_RULES } from '#shared/gift-cards';
import { formatPrice, toCents } from '#shared/money';

/** The owner's store credit form as typed (issue 36 item 4): dollars, who it is for, why, and for which order. */
export interface CreditDraft {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  reason: string;
  orderNumber: string;
}
export const EMPTY_CREDIT: CreditDraft = {
  amount: '',
  recipientName: '',
  recipientEmail: '',
  reason: '',
  orderNumber: '',
};

const AMOUNT_PROBLEM = `Type the amount in dollars, from $0.01 to ${formatPrice(GIFT_CARD_RULES.maxStoreCreditCents)}, like 25 or 25.50.`;

/** The amount typed ("25", "$25.50") in cents, or what to type instead: checked before anything is sent. */
export function creditCents(typed: string): { cents: number } | { problem: string } {
  const cents = toCents(typed);
  return Number.isNaN(cents) || cents < 1 || cents > GIFT_CARD_RULES.maxStoreCreditCents
    ? { problem: AMOUNT_PROBLEM }
    : { cents };
}

/** What is sent (the server checks every field with the shared schema and answers a message per field). */
export const creditBody = (draft: CreditDraft, issueId: string, cents: number) => ({
  issueId,
  amount: cents,
  recipientName: draft.recipientName,
  recipientEmail: draft.recipientEmail,
  reason: draft.reason,
  ...(draft.orderNumber.trim() ? { orderNumber: draft.orderNumber.trim() } : {}),
});
