import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { previousOrder } from '../../domain/accounts/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/get-previous-order', async ({ caller }) =>
  previousOrder(caller.userId),
);
