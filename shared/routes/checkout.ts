import type { RouteDef } from './types';

export const CHECKOUT_ROUTES = [] as const satisfies readonly RouteDef[];
