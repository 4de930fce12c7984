import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { dashboardQuerySchema } from '../../../shared/schemas/orders';
import { dashboard } from '../../domain/admin/dashboard';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-dashboard', async ({ query }) => dashboard(validate(dashboardQuerySchema, query)));
