import { ADMIN_ROUTES } from '#shared/routes/admin';
import { readBatch } from '../../domain/orders/label-batches';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-label-batch', async ({ params }) => readBatch(params.id));
