import {
  giftCardActionBodySchema,
  giftCardBalanceBodySchema,
  giftCardBalanceSchema,
  giftCardDetailSchema,
  giftCardIdSchema,
  giftCardListSchema,
  giftCardViewSchema,
  storeCreditBodySchema,
} from '../schemas/gift-cards';
import type { RouteDef } from './types';

const NO_CARD = 'No gift card has this id';

/**
 * Gift cards and store credit (issue 36, docs/decisions/0126): a public balance check (rate limited, and wrong codes
 * counted per client), and the owner's list, card, store credit and actions.
 */
export const GIFT_CARD_ROUTES = [
  {
    method: 'POST',
    path: '/api/gift-cards/balance',
    handler: 'gift-cards/check-balance',
    access: 'public',
    rateLimit: 'gift-card-checks',
    table: 'readwrite',
    body: giftCardBalanceBodySchema,
    answer: giftCardBalanceSchema,
    refusals: {
      404:
        'No card has this code (or a later mail of its card replaced it, or it was voided): ' +
        '`gift_card_unknown`; counted as a wrong code (a try is counted before the code is looked up, ' +
        'and given back when it is right)',
    },
    summary:
      '{code} -> {last4, amount, balance}; 404 for a wrong code, ' +
      '429 with Retry-After after 10 wrong codes in 10 minutes',
  },
  {
    method: 'GET',
    path: '/api/admin/gift-cards',
    handler: 'admin/list-gift-cards',
    access: 'admin',
    table: 'read',
    answer: giftCardListSchema,
    download: 'text/csv',
    summary:
      'Every gift card and store credit (last 4, amount, balance, buyer, recipient, delivery), ' +
      'with the outstanding balance; `?format=csv` for the bookkeeper',
  },
  {
    method: 'GET',
    path: '/api/admin/gift-cards/{cardId}',
    handler: 'admin/get-gift-card',
    access: 'admin',
    table: 'read',
    params: { cardId: giftCardIdSchema },
    answer: giftCardDetailSchema,
    refusals: { 404: NO_CARD },
    summary: "One card with its ledger (every debit and credit with its order) and the ledger's check",
  },
  {
    method: 'POST',
    path: '/api/admin/gift-cards',
    handler: 'admin/issue-gift-card',
    access: 'admin',
    table: 'readwrite',
    // The admin's email, recorded as who issued it.
    uses: ['cognito'],
    body: storeCreditBodySchema,
    answer: giftCardViewSchema,
    success: [201],
    refusals: {
      400: 'The order number names no order',
      409: 'The same issueId issued store credit of another amount or to another recipient',
    },
    summary: 'Issues store credit as a gift card, mailed to its recipient at once (the same issueId is the same card)',
  },
  {
    method: 'POST',
    path: '/api/admin/gift-cards/{cardId}/actions',
    handler: 'admin/change-gift-card',
    access: 'admin',
    table: 'readwrite',
    params: { cardId: giftCardIdSchema },
    body: giftCardActionBodySchema,
    answer: giftCardViewSchema,
    refusals: {
      404: NO_CARD,
      409:
        'The card changed since the version read, is voided already (void: with nothing left), ' +
        'or its latest mail has not gone out yet (resend)',
    },
    summary: 'Voids what is left on a card, or mails it again with a new code (the old one stops working)',
  },
] as const satisfies readonly RouteDef[];
