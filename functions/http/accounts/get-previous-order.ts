import { previousOrder } from '../../domain/accounts/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('accounts/get-previous-order', async ({ caller }) => previousOrder(caller.userId));
