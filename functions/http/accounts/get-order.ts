import { ACCOUNT_ROUTES } from '../../../shared/routes/accounts';
import { orderNumberSchema } from '../../../shared/schemas/checkout';
import { customerOrder } from '../../domain/orders/lookup';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/get-order', async ({ caller, params }) => customerOrder(caller.userId, validate(orderNumberSchema, params.orderNumber)));
