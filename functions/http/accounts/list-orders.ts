import { listOrders } from '../../domain/accounts/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('accounts/list-orders', async ({ caller }) => listOrders(caller.userId));
