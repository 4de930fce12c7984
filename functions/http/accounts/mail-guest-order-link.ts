import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { mailGuestOrderLink } from '../../domain/accounts/guest-orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/mail-guest-order-link', ({ body, caller }) =>
  mailGuestOrderLink(caller.userId, body.orderNumber),
);
