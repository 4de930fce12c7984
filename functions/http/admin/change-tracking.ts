import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { orderNumberSchema } from '../../../shared/schemas/checkout';
import { changeOrderTracking } from '../../domain/admin/orders';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/change-tracking', async ({ params, body }) => changeOrderTracking(validate(orderNumberSchema, params.orderNumber), body));
