import { ACCOUNT_ORDER_ROUTES } from '#shared/routes/account-orders';
import { listOrders } from '../../domain/accounts/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ORDER_ROUTES, 'accounts/list-orders', async ({ caller }) =>
  listOrders(caller.userId),
);
