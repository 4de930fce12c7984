import { adminCreateUpload } from '#shared/routes/admin-uploads';
import { createUpload } from '../../domain/admin/uploads';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler([adminCreateUpload], 'admin/create-upload', async ({ body }) =>
  reply(201, await createUpload(body)),
);
