import { ADMIN_ROUTES } from '#shared/routes/admin';
import { startBatch } from '../../domain/orders/label-batches';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/start-label-batch', async ({ body }) =>
  reply(201, await startBatch(body.orderNumbers)),
);
