import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import * as z from 'zod';
import { listOrdersByStatus } from '../../domain/admin/orders';
import { defineHandler, validate } from '../../lib/http';

const query = z.object({ status: z.enum(['pending', 'completed']).default('pending') }).strict();

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-orders', async ({ query: raw }) => listOrdersByStatus(validate(query, raw).status));
