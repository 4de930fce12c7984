import { ACCOUNT_ORDER_ROUTES } from '#shared/routes/account-orders';
import { customerOrder } from '../../domain/orders/lookup';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ORDER_ROUTES, 'accounts/get-order', async ({ caller, params }) =>
  customerOrder(caller.userId, params.orderNumber),
);
