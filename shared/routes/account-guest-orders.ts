import {
  addGuestOrderAnswerSchema,
  addGuestOrderBodySchema,
  guestOrderLinkAnswerSchema,
  guestOrderLinkBodySchema,
} from '../schemas/guest-orders';
import type { RouteDef } from './types';

/**
 * A guest's order added to the signed-in customer's account (issue 50 item 11, docs/decisions/0143), a part of
 * ACCOUNT_ROUTES: a link for the order is mailed to the account's own email (proof that the customer holds it), and
 * only that link, opened by the same account, adds the order.
 */
export const ACCOUNT_GUEST_ORDER_ROUTES = [
  {
    method: 'POST',
    path: '/auth/guest-orders/link',
    handler: 'accounts/mail-guest-order-link',
    access: 'user',
    // Each ask mails the account's own address at most; counted with the order look-ups (a number tried with an email).
    rateLimit: 'order-lookups',
    table: 'read',
    uses: ['cognito', 'ses', 'links'],
    body: guestOrderLinkBodySchema,
    answer: guestOrderLinkAnswerSchema,
    summary:
      "{orderNumber} -> mails the account's email a link that adds the order to the account, when the order was placed " +
      'without an account and with that email; the same answer either way',
  },
  {
    method: 'POST',
    path: '/auth/guest-orders/add',
    handler: 'accounts/add-guest-order',
    access: 'user',
    table: 'readwrite',
    uses: ['cognito', 'links'],
    body: addGuestOrderBodySchema,
    answer: addGuestOrderAnswerSchema,
    refusals: {
      400: 'The link is not one the shop signed, or has expired (`link_invalid`)',
      403: 'The link was asked for by another account (`other_account`)',
      404: 'No order has the number the link names',
      409: "The order is in another account (`in_another_account`), or the account's email is no longer the order's (`other_email`)",
    },
    summary: "{token} of the mailed link -> the order, now the customer's (again: the same answer)",
  },
] as const satisfies readonly RouteDef[];
