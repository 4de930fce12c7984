import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { orderNumberSchema } from '../../../shared/schemas/checkout';
import { orderDetail } from '../../domain/admin/orders';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-order', async ({ params }) => orderDetail(validate(orderNumberSchema, params.orderNumber)));
