import { adminGetDashboard } from '#shared/routes/admin-orders';
import { dashboard } from '../../domain/admin/dashboard';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminGetDashboard], 'admin/get-dashboard', async ({ query }) => dashboard(query));
