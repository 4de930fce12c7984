import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { customerOrder } from '../../domain/orders/lookup';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/get-order', async ({ caller, params }) =>
  customerOrder(caller.userId, params.orderNumber),
);
