import { ACCOUNT_GUEST_ORDER_ROUTES } from '#shared/routes/account-guest-orders';
import { addGuestOrder } from '../../domain/accounts/guest-orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_GUEST_ORDER_ROUTES, 'accounts/add-guest-order', ({ body, caller }) =>
  addGuestOrder(caller.userId, body.token),
);
