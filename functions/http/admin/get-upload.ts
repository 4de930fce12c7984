import { adminGetUpload } from '#shared/routes/admin-uploads';
import { uploadStatus } from '../../domain/admin/uploads';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminGetUpload], 'admin/get-upload', async ({ params }) =>
  uploadStatus(params.id),
);
