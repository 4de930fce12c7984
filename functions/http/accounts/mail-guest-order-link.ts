import { ACCOUNT_GUEST_ORDER_ROUTES } from '#shared/routes/account-guest-orders';
import { mailGuestOrderLink } from '../../domain/accounts/guest-orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_GUEST_ORDER_ROUTES, 'accounts/mail-guest-order-link', ({ body, caller }) =>
  mailGuestOrderLink(caller.userId, body.orderNumber),
);
