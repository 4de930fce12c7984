import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { addGuestOrder } from '../../domain/accounts/guest-orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/add-guest-order', ({ body, caller }) =>
  addGuestOrder(caller.userId, body.token),
);
