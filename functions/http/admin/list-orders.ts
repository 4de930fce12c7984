import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import * as z from '../../../shared/schemas/zod';
import { listOrdersByStatus } from '../../domain/admin/orders';
import { defineHandler, validate } from '../../lib/http';

const query = z.strictObject({ status: z._default(z.enum(['pending', 'completed']), 'pending') });

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-orders', async ({ query: raw }) => listOrdersByStatus(validate(query, raw).status));
