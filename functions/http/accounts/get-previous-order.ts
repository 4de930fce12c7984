import { ACCOUNT_ORDER_ROUTES } from '#shared/routes/account-orders';
import { previousOrder } from '../../domain/accounts/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ORDER_ROUTES, 'accounts/get-previous-order', async ({ caller }) =>
  previousOrder(caller.userId),
);
