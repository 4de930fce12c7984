import type { RouteDef } from './types';

export const ADMIN_ROUTES = [] as const satisfies readonly RouteDef[];
