import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { uploadIdSchema } from '../../../shared/schemas/admin';
import { uploadStatus } from '../../domain/admin/uploads';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-upload', async ({ params }) => uploadStatus(validate(uploadIdSchema, params.id)));
