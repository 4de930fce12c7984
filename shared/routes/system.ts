import { healthSchema, startingSchema } from '../schemas/common';
import { funnelBeaconAnswerSchema, funnelBeaconSchema } from '../schemas/funnel';
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
  {
    method: 'POST',
    path: '/api/funnel',
    handler: 'system/count-steps',
    access: 'public',
    rateLimit: 'funnel',
    table: 'readwrite',
    body: funnelBeaconSchema,
    answer: funnelBeaconAnswerSchema,
    summary:
      "A page's one beacon: the shoppers' path steps that happened on it and the visit's source; adds one to each " +
      "step's counter of the day, device class and source (nothing of who sent it is kept)",
  },
] as const satisfies readonly RouteDef[];
