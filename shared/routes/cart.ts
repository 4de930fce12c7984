import type { RouteDef } from './types';

export const CART_ROUTES = [] as const satisfies readonly RouteDef[];
