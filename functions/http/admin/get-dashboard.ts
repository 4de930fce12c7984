import { ADMIN_ROUTES } from '#shared/routes/admin';
import { dashboard } from '../../domain/admin/dashboard';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-dashboard', async ({ query }) => dashboard(query));
