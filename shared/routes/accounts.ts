import type { RouteDef } from './types';

export const ACCOUNT_ROUTES = [
  {
    method: 'GET',
    path: '/auth/validateAdmin',
    handler: 'accounts/validate-admin',
    access: 'user',
    table: 'none',
    summary: 'Whether the caller is in the admin group; 403 for a customer',
  },
] as const satisfies readonly RouteDef[];
