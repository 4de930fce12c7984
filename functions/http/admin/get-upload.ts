import { ADMIN_ROUTES } from '#shared/routes/admin';
import { uploadStatus } from '../../domain/admin/uploads';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-upload', async ({ params }) => uploadStatus(params.id));
