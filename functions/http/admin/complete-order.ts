import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { orderNumberSchema } from '../../../shared/schemas/checkout';
import { completeOrder } from '../../domain/admin/orders';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/complete-order', async ({ params, body }) => completeOrder(validate(orderNumberSchema, params.orderNumber), body));
