import type { RouteDef } from './types';

export const FORMS_ROUTES = [] as const satisfies readonly RouteDef[];
