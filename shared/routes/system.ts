import { healthSchema } from '../schemas/common';
import type { RouteDef } from './types';

export const SYSTEM_ROUTES = [
  { method: 'GET', path: '/api/health', handler: 'system/get-health', access: 'public', table: 'none', answer: healthSchema, summary: 'Liveness' },
] as const satisfies readonly RouteDef[];
