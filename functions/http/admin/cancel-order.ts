import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { orderNumberSchema } from '../../../shared/schemas/checkout';
import { adminOrder } from '../../domain/admin/orders';
import { cancelOrder } from '../../domain/orders/cancel';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/cancel-order', async ({ params }) => adminOrder(await cancelOrder(validate(orderNumberSchema, params.orderNumber))));
