import { healthSchema, startingSchema } from '../schemas/common';
import type { RouteDef } from './types';

export const SYSTEM_ROUTES = [
  {
    method: 'GET',
    path: '/api/health',
    handler: 'system/get-health',
    access: 'public',
    table: 'none',
    answer: healthSchema,
    refusals: {
      503: {
        when:
          'The local stack is still seeding or migrating on its first start (`{"ok":false,"starting":...}`, ' +
          'Retry-After); never in AWS',
        body: startingSchema,
      },
    },
    summary: 'Ready: `{"ok":true}` once the shop can serve every page',
  },
] as const satisfies readonly RouteDef[];
