import { version } from '../package.json';
import { ROUTE_LIST, routeId, type RouteDef } from './routes';
import { ADMIN_GROUP } from './roles';
import { errorBodySchema, MAX_BODY_BYTES } from './schemas/common';
import * as z from './schemas/zod';

/**
 * The API description: an OpenAPI 3.1 document generated from the route table (shared/routes.ts) and the shared
 * zod schemas (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses). Nothing here names a route:
 * a route added to the table is described by itself. Served at OPENAPI_PATH: by the local gateway, generated on
 * request; in AWS as a file of the SPA build (the vite build writes it, CloudFront serves it from the SPA bucket;
 * docs/decisions/0031-openapi-document.md). `npm run build:openapi` writes it alone.
 */

/** Where the document is served, locally and in AWS (same origin as the API). */
export const OPENAPI_PATH = '/api/openapi.json';
/** Where the vite build writes it, relative to the build's output folder. */
export const OPENAPI_BUILD_FILE = OPENAPI_PATH.slice(1);
/** The security scheme of user and admin routes: a Cognito access token as a bearer token. */
export const BEARER_SCHEME = 'cognitoAccessToken';
/** Extension naming each operation's access in the route table (public, user, admin). */
export const ACCESS_EXTENSION = 'x-shop-access';

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { securitySchemes: Record<string, JsonObject>; schemas: Record<string, JsonObject>; responses: Record<string, JsonObject> };
}

/** A zod schema as JSON Schema (2020-12) for a request body; parts JSON Schema cannot say become `{}`. */
export function requestSchema(schema: z.ZodMiniType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/**
 * Each operation's id, unique in the document as OpenAPI requires: the route's id (`CartSaveCart`), and where one
 * handler serves several routes, also the method (`AdminPromoCodesPost`) and, if that is still shared, the path's
 * words (`PagesRenderPageGetProductId`).
 */
export function operationIds(routes: readonly RouteDef[]): Map<RouteDef, string> {
  const pascal = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0].toUpperCase() + word.slice(1))
      .join('');
  const count = (key: (route: RouteDef) => string) => {
    const counts = new Map<string, number>();
    for (const route of routes) counts.set(key(route), (counts.get(key(route)) ?? 0) + 1);
    return (route: RouteDef) => counts.get(key(route))!;
  };
  const byHandler = count((route) => route.handler);
  const byMethod = count((route) => `${route.handler} ${route.method}`);
  return new Map(
    routes.map((route) => {
      if (byHandler(route) === 1) return [route, routeId(route)];
      const withMethod = `${routeId(route)}${pascal(route.method)}`;
      return [route, byMethod(route) === 1 ? withMethod : `${withMethod}${pascal(route.path)}`];
    }),
  );
}

/** The component name of an operation's request body, e.g. `CartSaveCartRequest`. */
export const requestSchemaName = (operationId: string) => `${operationId}Request`;

const AREA_TITLES: Record<string, string> = {
  system: 'Health of the API',
  catalog: 'Products as shoppers see them',
  cart: "A signed-in customer's saved cart",
  checkout: 'Stock checks, payments and orders',
  accounts: 'Profiles, order history and ratings of a signed-in customer',
  admin: "The owner's products, stock items, orders and uploads",
  forms: 'Contact, support and quote messages',
  orders: 'Order status, look-up and replacement requests',
  pages: 'Pages for crawlers and link previews (HTML with its head), the sitemap and robots.txt',
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** A route's query-string schema as OpenAPI query parameters (each property one parameter; JSON Schema of its input). */
function queryParameters(query: z.ZodMiniType): JsonObject[] {
  const schema = requestSchema(query) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: (schema.required ?? []).includes(name), ...(typeof description === 'string' ? { description } : {}), schema: rest };
  });
}

function operation(route: RouteDef, operationId: string): JsonObject {
  const area = route.handler.split('/')[0];
  const parameters = [...[...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })), ...(route.query ? queryParameters(route.query) : [])];
  const success = route.answers ? { description: `Success: ${route.answers}`, content: { [route.answers]: { schema: { type: 'string' } } } } : { description: 'Success: a JSON answer (see the summary)' };
  const responses: Record<string, JsonObject> = { '2XX': success };
  if (route.body || parameters.length) responses['400'] = { $ref: '#/components/responses/BadRequest' };
  if (route.access !== 'public') responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (route.access === 'admin') responses['403'] = { $ref: '#/components/responses/Forbidden' };
  if (route.answers) responses['404'] = { description: `Not found: a ${route.answers} page that says so` };
  if (route.body) responses['413'] = { $ref: '#/components/responses/TooLarge' };
  responses['429'] = { $ref: '#/components/responses/TooManyRequests' };
  responses['5XX'] = { $ref: '#/components/responses/ServerError' };
  return {
    operationId,
    summary: route.summary,
    tags: [area],
    [ACCESS_EXTENSION]: route.access,
    // Public routes need nothing; user routes a token; admin routes a token of a member of the admin group
    // (OpenAPI 3.1 lets a non-OAuth requirement list the roles it needs).
    security: route.access === 'public' ? [] : [{ [BEARER_SCHEME]: route.access === 'admin' ? [ADMIN_GROUP] : [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${requestSchemaName(operationId)}` } } } } } : {}),
    responses,
  };
}

/** The shop's document as the build writes it: its path in the build output and its JSON text. */
export function apiDescriptionFile(): { fileName: string; source: string } {
  return { fileName: OPENAPI_BUILD_FILE, source: `${JSON.stringify(openApiDocument(ROUTE_LIST, version), null, 2)}\n` };
}

/** The OpenAPI 3.1 document of a route table (by default the shop's). */
export function openApiDocument(routes: readonly RouteDef[] = ROUTE_LIST, apiVersion = version): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonObject> = { Error: requestSchema(errorBodySchema) };
  const ids = operationIds(routes);
  for (const route of routes) {
    const operationId = ids.get(route)!;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, operationId);
    if (route.body) schemas[requestSchemaName(operationId)] = requestSchema(route.body);
  }
  const areas = [...new Set(routes.map((route) => route.handler.split('/')[0]))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seasonal Shop API',
      version: apiVersion,
      description:
        'The JSON API of the shop (and the pages it serves to crawlers), generated from its route table (shared/routes.ts) and shared zod schemas. Money is in integer US cents. ' +
        'Every error answer is `{"error": {"code", "message", "fields"?}}`; a 400 for a body names the fields. ' +
        `Bodies are JSON objects of at most ${MAX_BODY_BYTES / 1024} KB.`,
    },
    servers: [{ url: '/', description: 'The shop itself: the API shares the origin of the site' }],
    tags: areas.map((name) => ({ name, description: AREA_TITLES[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "A Cognito access token of the shop's user pool (web client), as `Authorization: Bearer <token>`. " +
            `Admin routes also need the caller to be in the \`${ADMIN_GROUP}\` group (the token's cognito:groups).`,
        },
      },
      schemas,
      responses: {
        BadRequest: errorResponse('Malformed JSON, or a body or parameter that does not match its schema (`fields` names each problem)'),
        Unauthorized: errorResponse('No access token, or one that is expired, forged or not for this client'),
        Forbidden: errorResponse(`The caller is not in the \`${ADMIN_GROUP}\` group`),
        TooLarge: errorResponse(`The body is larger than ${MAX_BODY_BYTES / 1024} KB`),
        TooManyRequests: { description: 'Too many requests (the API throttle or a rate limit): try again shortly' },
        ServerError: {
          description: 'Something went wrong on the shop\'s side: `{"error": {...}}` from the function, or API Gateway\'s own `{"message"}`',
        },
      },
    },
  };
}
