import { ADMIN_ROUTES } from '#shared/routes/admin';
import { createUpload } from '../../domain/admin/uploads';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/create-upload', async ({ body }) =>
  reply(201, await createUpload(body)),
);
