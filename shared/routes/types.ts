import type * as z from '../schemas/zod';

/** The shape of a route-table entry (see shared/routes.ts). */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Other services a function calls; infra grants exactly these. `stripe`: the function reads the Stripe keys
 * (in AWS from Secrets Manager, through STRIPE_SECRET_ARN; never the test card processor there). `site`: the
 * function reads the SPA's index.html (SPA_BUCKET) and knows the shop's public origin (SITE_URL).
 */
export type Service = 'ses' | 's3' | 'cognito' | 'stripe' | 'site';

export interface RouteDef {
  method: Method;
  /** API Gateway path; `{name}` marks a path parameter. */
  path: string;
  /** Module under functions/http, without extension. */
  handler: string;
  access: Access;
  /** Request body schema, when the route takes a body. */
  body?: z.ZodMiniType;
  /** Query string schema (an object of strings), when the route reads one: checked before the handler runs (400). */
  query?: z.ZodMiniType;
  /** The media type of a successful answer when it is not JSON (the crawler pages: HTML, XML, text). */
  answers?: 'text/html' | 'application/xml' | 'text/plain';
  /** What the function may do with the table: least privilege in AWS. */
  table: 'none' | 'read' | 'readwrite';
  /** Other AWS services the function calls. */
  uses?: readonly Service[];
  summary: string;
}
