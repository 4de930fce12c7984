import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { listOrders } from '../../domain/accounts/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/list-orders', async ({ caller }) =>
  listOrders(caller.userId),
);
