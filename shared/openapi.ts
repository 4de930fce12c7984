import { version } from '../package.json';
import { RATE_LIMIT_GROUPS } from './rate-limits';
import { ROUTE_LIST, routeId, type RouteDef } from './routes';
import type { Refusal, SuccessStatus } from './routes/types';
import { SHARE_IMAGE } from './pages';
import { ADMIN_GROUP } from './roles';
import { errorBodySchema, MAX_BODY_BYTES, runtimeConfigSchema } from './schemas/common';
import { gatewayUnauthorizedSchema } from './sign-in';
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
  components: { securitySchemes: Record<string, JsonObject>; schemas: Record<string, JsonObject> };
}

/** A zod schema as JSON Schema (2020-12) for a request body; parts JSON Schema cannot say become `{}`. */
export function requestSchema(schema: z.ZodMiniType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject;
  return rest;
}

/**
 * A zod schema as JSON Schema of what the shop sends (zod's output: defaults filled in, so those fields are
 * required; an object lists every field it may have, `additionalProperties: false`), for answers.
 */
export function answerSchema(schema: z.ZodMiniType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonObject;
  return rest;
}

/** API Gateway's own error body (its throttle's 429, its 5XX when a function fails to answer). */
const gatewayMessageSchema = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };

/** The page function's answers (HTML, XML, text) and downloads: not JSON. */
const isJsonRoute = (route: RouteDef) => !route.answers;

const SUCCESS_WORDS: Record<SuccessStatus, string> = {
  200: 'Success',
  201: 'Made: the new record',
  301: 'The address without its trailing slash (Location)',
  303: "The site's page to go on to (Location)",
};
/** Successes that send the client elsewhere: `Location`, no body. */
const REDIRECTS = new Set(['301', '303']);

/**
 * Every status a route can answer, with when (docs/decisions/0068): its successes, then the refusals its entry
 * implies (400 for a body, query or path parameter; 401 user and admin routes; 403 admin routes, and any request
 * that did not come through the shop's address; 413 and 415 a JSON body; 429 the API's throttle and the route's rate
 * limit (its entry's `rateLimit`);
 * 503 payments not set up, for routes that use Stripe) merged with its own `refusals`, and 5XX. The API document,
 * the contract tests and the test helper `invoke` all read this.
 */
export function declaredStatuses(route: RouteDef): Map<string, string> {
  const statuses = new Map<string, string>();
  const own = Object.fromEntries(
    Object.entries(route.refusals ?? {}).map(([status, refusal]) => [
      status,
      typeof refusal === 'string' ? refusal : refusal?.when,
    ]),
  ) as Record<string, string | undefined>;
  const join = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join('; ');
  for (const status of route.success ?? [200]) {
    statuses.set(String(status), SUCCESS_WORDS[status]);
  }
  const badInput = join(
    route.body && 'Malformed JSON, or a body its schema refuses',
    route.query && 'a query parameter its schema refuses',
    route.params && Object.values(route.params).some(refusesSomething) && 'a path parameter its schema refuses',
  );
  if (badInput || own[400]) statuses.set('400', `${join(badInput, own[400])} (\`fields\` names each problem)`);
  if (own[402]) statuses.set('402', own[402]);
  if (route.access !== 'public')
    statuses.set(
      '401',
      'No access token, or one that is expired, forged, of another user pool or of another app client: API Gateway\'s JWT authorizer answers `{"message": "Unauthorized"}` before the function runs; a token it lets through that is no access token (an ID token): the function, in the error format (`unauthorized`)',
    );
  statuses.set(
    '403',
    join(
      route.access === 'admin' && `The caller is not in the \`${ADMIN_GROUP}\` group`,
      own[403],
      "the request did not come through the shop's own address (CloudFront's origin header; decision 0066)",
    ),
  );
  for (const status of [404, 409] as const) if (own[status]) statuses.set(String(status), own[status]);
  if (route.body) statuses.set('413', `The body is larger than ${MAX_BODY_BYTES / 1024} KB`);
  if (route.body)
    statuses.set(
      '415',
      'The body is not sent as JSON: a Content-Type other than `application/json` (`unsupported_media_type`)',
    );
  const group = RATE_LIMIT_GROUPS.find((candidate) => candidate.id === route.rateLimit);
  statuses.set(
    '429',
    join(
      'Too many requests: the API throttle',
      group &&
        `this route's rate limit (${group.id}: ${group.limit} requests per client address in ${group.windowSeconds / 60} minutes); \`Retry-After\` says when to try again`,
    ),
  );
  if (own[502]) statuses.set('502', own[502]);
  const unavailable = join(
    route.uses?.includes('stripe') &&
      "Payments are not set up: no Stripe keys in the stack's secret (`payments_not_configured`)",
    own[503],
  );
  if (unavailable) statuses.set('503', unavailable);
  statuses.set(
    '5XX',
    'Something went wrong on the shop\'s side: `{"error": {...}}` from the function, or API Gateway\'s own `{"message"}`',
  );
  return statuses;
}

/** A user or admin route's 401: API Gateway's own body (its JWT authorizer), or the function's error format. */
const unauthorizedBody = z.union([errorBodySchema, gatewayUnauthorizedSchema]);

/**
 * The body schema of a status the route answers that is not a success: the error format, unless its refusal names
 * another; a user or admin route's 401 is the error format or API Gateway's `{"message": "Unauthorized"}`.
 */
export function refusalBody(route: RouteDef, status: number): z.ZodMiniType {
  if (status === 401 && route.access !== 'public') return unauthorizedBody;
  const refusal = (route.refusals as Record<number, Refusal | undefined> | undefined)?.[status];
  return typeof refusal === 'object' ? refusal.body : errorBodySchema;
}

/** Whether a path parameter's schema refuses some value (a page's segment takes any: an unknown one is a 404 page). */
export function refusesSomething(schema: z.ZodMiniType): boolean {
  return ['', ' ', 'x'.repeat(300), 'a/b', '<x>', '!'].some((value) => !schema.safeParse(value).success);
}

/**
 * JSON the site serves outside the route table: the SPA's runtime settings (`/config.json`: the gateway locally,
 * a file the CDK writes in AWS) and this document. Described so a client knows them and a proxy checks them.
 */
export const SITE_JSON: readonly { path: string; operationId: string; summary: string; answer: z.ZodMiniType }[] = [
  {
    path: '/config.json',
    operationId: 'SiteGetConfig',
    summary:
      "The SPA's runtime settings: region, user pool and client, the Cognito endpoint (local), Stripe's publishable key or null, the payment mode",
    answer: runtimeConfigSchema,
  },
  {
    path: OPENAPI_PATH,
    operationId: 'SiteGetApiDescription',
    summary: 'This document: the OpenAPI 3.1 description of the API, generated from the route table',
    answer: z.record(z.string(), z.unknown()),
  },
];

/**
 * The files at the root of the site (web/public), served as they are: described because a root page's address
 * (`/{page}`) would otherwise seem to cover them. The web app's own folders (`/assets/*`, `/banners/*`, `/images/*`)
 * are not the API's and are left out.
 */
export const SITE_FILES: readonly { path: string; operationId: string; summary: string; type: string }[] = [
  { path: '/favicon.svg', operationId: 'SiteGetFavicon', summary: "The shop's icon", type: 'image/svg+xml' },
  {
    path: '/gift-card.svg',
    operationId: 'SiteGetGiftCardPicture',
    summary: "A gift card line's picture (cart, orders)",
    type: 'image/svg+xml',
  },
  {
    path: SHARE_IMAGE.path,
    operationId: 'SiteGetShareImage',
    summary: 'The picture link previews show (Open Graph, 1200x630)',
    type: 'image/jpeg',
  },
];

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
/** The component name of an operation's JSON answer, e.g. `CartSaveCartAnswer`. */
export const answerSchemaName = (operationId: string) => `${operationId}Answer`;

const AREA_TITLES: Record<string, string> = {
  system: 'Health of the API',
  catalog: 'Products as shoppers see them',
  cart: "A signed-in customer's saved cart",
  checkout: 'Stock checks, payments and orders',
  accounts: 'Profiles, order history and ratings of a signed-in customer',
  admin: "The owner's products, stock items, orders and uploads",
  forms: 'Contact, support and quote messages',
  orders: 'Order status, look-up and replacement requests',
  reminders: "Abandoned-checkout reminders: a reminder's link brings its cart back; the owner's delay",
  'email-preferences':
    "Unsubscribing from mail a shopper did not ask for (checkout reminders, back-in-stock alerts), with a mail's signed link",
  'stock-alerts': "Back-in-stock requests (Email me when it's back) and the owner's count of them",
  drops: "The owner's drops: sizes on sale at a set time, a limit per customer, stock split over shards",
  quotes:
    "Quotes for printing and design: the request with artwork, the shopper's quote page by its signed link, the owner's offers",
  'gift-cards':
    "Gift cards and store credit: a card's balance by its code (wrong codes counted), the owner's cards, ledgers, store credit, void and mail again",
  pages: 'Pages for crawlers and link previews (HTML with its head), the sitemap and robots.txt',
  feeds: "Product feeds for Google Merchant Center (RSS 2.0) and Meta's catalog (CSV): every listed product and size",
  'catalog-sheets':
    "The owner's catalogue as a spreadsheet (Shopify's product CSV): the export, the import's upload, check and apply, the feeds' settings",
  site: "JSON files the site serves beside the API: the SPA's runtime settings and this document",
};

/**
 * A route's query-string schema as OpenAPI query parameters (each property one parameter; JSON Schema of its input).
 */
function queryParameters(query: z.ZodMiniType): JsonObject[] {
  const schema = requestSchema(query) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: (schema.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function operation(route: RouteDef, operationId: string): JsonObject {
  const area = route.handler.split('/')[0];
  const parameters = [
    ...[...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: route.params?.[name] ? requestSchema(route.params[name]) : { type: 'string' },
    })),
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.rawBody
      ? [
          {
            name: route.rawBody.signatureHeader,
            in: 'header',
            required: true,
            description: 'Signs the body as it was sent',
            schema: { type: 'string' },
          },
        ]
      : []),
  ];
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const responses: Record<string, JsonObject> = {};
  for (const [status, when] of declaredStatuses(route)) {
    if (REDIRECTS.has(status))
      responses[status] = { description: when, headers: { Location: { schema: { type: 'string' } } } };
    else if (/^2/.test(status)) {
      const content: JsonObject = route.answers
        ? { [route.answers]: { schema: { type: 'string' } } }
        : { 'application/json': { schema: { $ref: `#/components/schemas/${answerSchemaName(operationId)}` } } };
      if (route.download) content[route.download] = { schema: { type: 'string' } };
      responses[status] = { description: `${when}${route.answers ? ` (${route.answers})` : ''}`, content };
    } else if (status === '404' && route.answers) {
      // A name at the root also matches a file's (`/x.json`): one the site does not have is the error format.
      const fileToo = /^\/\{[^}]+\}$/.test(route.path);
      responses[status] = {
        description: `${when} (${route.answers})${fileToo ? '; a name with an extension that is no file of the site: the error format (JSON)' : ''}`,
        content: { [route.answers]: { schema: { type: 'string' } }, ...(fileToo ? error : {}) },
      };
    } else if (status === '401') {
      responses[status] = {
        description: when,
        content: {
          'application/json': {
            schema: {
              anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/GatewayUnauthorized' }],
            },
          },
        },
      };
    } else if (status === '429' || status === '5XX') {
      responses[status] = {
        description: when,
        ...(status === '429'
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds until the limit lets the client in again',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
        content: {
          'application/json': {
            schema: {
              anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/GatewayMessage' }],
            },
          },
        },
      };
    } else {
      const body = refusalBody(route, Number(status));
      responses[status] = {
        description: when,
        ...(status === '503'
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds to wait before asking again, when the shop knows',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
        content: body === errorBodySchema ? error : { 'application/json': { schema: answerSchema(body) } },
      };
    }
  }
  return {
    operationId,
    summary: route.summary,
    tags: [area],
    [ACCESS_EXTENSION]: route.access,
    // Public routes need nothing; user routes a token; admin routes a token of a member of the admin group
    // (OpenAPI 3.1 lets a non-OAuth requirement list the roles it needs).
    security: route.access === 'public' ? [] : [{ [BEARER_SCHEME]: route.access === 'admin' ? [ADMIN_GROUP] : [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${requestSchemaName(operationId)}` } },
            },
          },
        }
      : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: route.rawBody.description,
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        }
      : {}),
    ...(route.bodyType === 'form'
      ? {
          requestBody: {
            required: false,
            description: 'Form data, when sent (RFC 8058: a mail client sends `List-Unsubscribe=One-Click`)',
            content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
          },
        }
      : {}),
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
  const schemas: Record<string, JsonObject> = {
    Error: answerSchema(errorBodySchema),
    GatewayMessage: gatewayMessageSchema,
    GatewayUnauthorized: answerSchema(gatewayUnauthorizedSchema),
  };
  const ids = operationIds(routes);
  for (const route of routes) {
    const operationId = ids.get(route)!;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, operationId);
    if (route.body) schemas[requestSchemaName(operationId)] = requestSchema(route.body);
    if (route.answer && isJsonRoute(route)) schemas[answerSchemaName(operationId)] = answerSchema(route.answer);
  }
  /** A file the site serves beside the API: a public GET with these answers. */
  const siteFile = (file: { operationId: string; summary: string }, responses: JsonObject) => ({
    get: {
      operationId: file.operationId,
      summary: file.summary,
      tags: ['site'],
      [ACCESS_EXTENSION]: 'public',
      security: [],
      responses,
    },
  });
  for (const file of SITE_JSON) {
    paths[file.path] = siteFile(file, {
      '200': {
        description: 'The file',
        content: {
          'application/json': { schema: { $ref: `#/components/schemas/${answerSchemaName(file.operationId)}` } },
        },
      },
      '5XX': {
        description: 'The file could not be served',
        content: {
          'application/json': {
            schema: {
              anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/GatewayMessage' }],
            },
          },
        },
      },
    });
    schemas[answerSchemaName(file.operationId)] = answerSchema(file.answer);
  }
  for (const file of SITE_FILES) {
    paths[file.path] = siteFile(file, {
      '200': {
        description: `The file (${file.type})`,
        content: { [file.type]: { schema: { type: 'string', contentMediaType: file.type } } },
      },
      '304': { description: 'Not modified since the copy the client has (`If-None-Match`)' },
    });
  }
  const areas = [...new Set([...routes.map((route) => route.handler.split('/')[0]), 'site'])];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seasonal Shop API',
      version: apiVersion,
      description:
        'The JSON API of the shop (and the pages it serves to crawlers), generated from its route table (shared/routes.ts) and shared zod schemas. Money is in integer US cents. ' +
        'Every error answer is `{"error": {"code", "message", "fields"?}}`; a 400 for a body names the fields. ' +
        `Bodies are JSON objects of at most ${MAX_BODY_BYTES / 1024} KB, sent as \`Content-Type: application/json\` ` +
        '(any other type is answered 415, except where an operation names another: form data, a signed raw body).',
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
            "A Cognito access token of the shop's user pool (web client), as `Authorization: Bearer <token>`, checked by " +
            "API Gateway's JWT authorizer before the function runs (signature, issuer, expiry, `client_id`; refused: 401 " +
            '`{"message": "Unauthorized"}`). ' +
            `Admin routes also need the caller to be in the \`${ADMIN_GROUP}\` group (the token's cognito:groups).`,
        },
      },
      schemas,
    },
  };
}
