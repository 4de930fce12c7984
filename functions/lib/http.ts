import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from '#shared/schemas/zod';
import { checked } from '#shared/schemas/checked';
import { ORIGIN_REFUSED_MESSAGE } from '#shared/origin';
import { MAX_BODY_BYTES } from '#shared/schemas/common';
import type { RouteDef } from '#shared/routes/types';
import { callerFromAuthorizer, type Caller } from './caller';
import { badRequest, forbidden, HttpError, tooLarge, unsupportedMediaType } from './errors';
import { CORRELATION_ID_PATH, logger } from './logger';
import { metricsFlush } from './metrics';
import { cameThroughFrontDoor } from './origin';

type BodyOf<R extends RouteDef> = R extends { body: infer S extends z.ZodMiniType } ? z.output<S> : undefined;
type QueryOf<R extends RouteDef> = R extends { query: infer S extends z.ZodMiniType }
  ? z.output<S>
  : Record<string, string>;
type ParamsOf<R extends RouteDef> = R extends { params: infer P extends Readonly<Record<string, z.ZodMiniType>> }
  ? { [K in keyof P]: z.output<P[K]> }
  : Record<string, never>;
/**
 * What a handler may return on success: the route's `answer` (shared schema), as it is or in a `reply`; any value where
 * the route has none.
 */
type AnswerOf<R extends RouteDef> = R extends { answer: infer S extends z.ZodMiniType } ? z.output<S> : unknown;
/** The bodies of the route's refusals that are not the error format (e.g. the health check's 503 while starting). */
type RefusalBodyOf<R extends RouteDef> = R extends { refusals: infer F }
  ? { [K in keyof F]: F[K] extends { body: infer S extends z.ZodMiniType } ? z.output<S> : never }[keyof F]
  : never;
type CallerOf<R extends RouteDef> = R['access'] extends 'public' ? null : Caller;

export interface ShopRequest<R extends RouteDef> {
  body: BodyOf<R>;
  /** The path parameters, checked by the route's `params` schemas (400 naming the parameter otherwise). */
  params: ParamsOf<R>;
  /** The query string, checked by the route's `query` schema when it has one. */
  query: QueryOf<R>;
  /** The verified caller on user and admin routes; null on public routes. */
  caller: CallerOf<R>;
  event: APIGatewayProxyEventV2;
}

export interface Reply<B = unknown> {
  statusCode: number;
  body?: B;
  headers?: Record<string, string>;
}
/** A response that is not JSON (rawReply). */
export interface RawReply extends Reply<string> {
  readonly raw: true;
}

const REPLY = Symbol('reply');
const RAW = Symbol('raw');
/** A response that is not JSON (HTML, XML, a CSV download): the body is sent as it is, with its content type. */
export function rawReply(
  statusCode: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): RawReply {
  return {
    [REPLY]: true,
    [RAW]: true,
    raw: true,
    statusCode,
    body,
    headers: { 'content-type': contentType, ...headers },
  } as RawReply;
}
/** A response with a status other than 200 or extra headers (the status one the route declares: `success`). */
export function reply<B>(statusCode: number, body: B, headers?: Record<string, string>): Reply<B> {
  return { [REPLY]: true, statusCode, body, headers } as Reply<B>;
}
const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && REPLY in value;

/** Validates a value with a shared schema; a failure answers 400 with one message per field (#shared/schemas/checked). */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = checked(schema, value);
  if (result.ok) return result.data;
  throw badRequest(result.message, result.fields);
}

/** What the middlewares leave for the handler: the verified caller and the validated body. */
interface ShopContext extends Context {
  caller?: Caller | null;
  body?: unknown;
  params?: Record<string, unknown>;
}

function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** One error format for every answer that is not a success; no stack traces leave the function. */
const errorResponder = (
  route: Pick<RouteDef, 'handler'>,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) logger.error('request failed', { route: route.handler, error });
      request.response = json(
        error.statusCode,
        { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } },
        error.headers,
      );
      return;
    }
    logger.error('unhandled error', { route: route.handler, error: error as Error });
    request.response = json(500, {
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
  },
});

type RouteOf = (event: APIGatewayProxyEventV2) => RouteDef;

/**
 * Every route: the request came through the shop's address (CloudFront, or the local gateway), else 403 before any
 * other work (functions/lib/origin.ts, docs/decisions/0066).
 */
const frontDoor = (): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ShopContext> => ({
  before: async (request) => {
    if (!(await cameThroughFrontDoor(request.event.headers ?? {}))) throw forbidden(ORIGIN_REFUSED_MESSAGE);
  },
});

/**
 * User and admin routes: the claims of a verified Cognito access token, from the route's JWT authorizer; admin routes:
 * membership of the admin group.
 */
const authenticate = (
  routeOf: RouteOf,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ShopContext> => ({
  before: async (request) => {
    const route = routeOf(request.event);
    // Per-request state goes on a copy: a caller may hand the same context object to concurrent calls.
    request.context = Object.assign(
      Object.create(Object.getPrototypeOf(request.context) as object | null) as ShopContext,
      request.context,
      { caller: null, body: undefined, params: {} },
    );
    if (route.access === 'public') return;
    // The route's JWT authorizer verified the token before the function ran (API Gateway in AWS, the local gateway and
    // the handler tests locally: docs/decisions/0140); the function reads the claims it passed on.
    const caller = callerFromAuthorizer(request.event);
    if (route.access === 'admin' && !caller.isAdmin) throw forbidden('This needs an administrator account.');
    request.context.caller = caller;
  },
});

/** Path parameters: each by its schema in the route entry (400 naming the parameter), before the body is read. */
const paramsSchemas = new WeakMap<RouteDef, z.ZodMiniType>();
const checkParams = (
  routeOf: RouteOf,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ShopContext> => ({
  before: async (request) => {
    const route = routeOf(request.event);
    request.context.params = {};
    if (!route.params) return;
    let schema = paramsSchemas.get(route);
    if (!schema) paramsSchemas.set(route, (schema = z.object(route.params)));
    request.context.params = validate(schema, request.event.pathParameters ?? {}) as Record<string, unknown>;
  },
});

/**
 * Whether a request to a JSON body route says it sends JSON: `Content-Type: application/json`, parameters such as
 * `charset=utf-8` allowed. Any other type (text/plain, form data, multipart: what a page of another site can post
 * without asking first) is refused, and so is a body without a type; a request without a body needs none
 * (docs/decisions/0092).
 */
export function sendsJson(headers: Record<string, string | undefined>, body: string | undefined): boolean {
  const type = headers['content-type'] ?? headers['Content-Type'];
  if (type === undefined || type.trim() === '') return !body;
  return type.split(';')[0].trim().toLowerCase() === 'application/json';
}

/**
 * JSON bodies: sent as JSON (415), size limit (413), well-formed JSON (400), then the route's shared schema (400 with
 * fields). Routes that read another body (`bodyType` form or raw) have no `body` schema and are left alone.
 */
const parseBody = (
  routeOf: RouteOf,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ShopContext> => ({
  before: async (request) => {
    const route = routeOf(request.event);
    request.context.body = undefined;
    if (!route.body) return;
    const { body: raw, isBase64Encoded } = request.event;
    if (!sendsJson(request.event.headers ?? {}, raw)) throw unsupportedMediaType();
    const text = raw ? (isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw) : '';
    if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw tooLarge();
    let data: unknown;
    try {
      data = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw badRequest('The request body must be a JSON object.');
    request.context.body = validate(route.body, data);
  },
});

const ROUTES_SERVED = Symbol('routes served');

/**
 * Defines the Lambda handler of one route: access, path parameters, body schema and limits come from the route
 * table entry, so a handler only maps a validated request to the domain and returns the answer (200 JSON unless
 * `reply`), typed by the entry's `answer` schema (docs/decisions/0068).
 * `routes` is the route's area of the table (shared/routes/<area>.ts): a function loads only its area's
 * schemas, not the whole table's (cold start, see docs/decisions/0020).
 */
export function defineHandler<const Routes extends readonly RouteDef[], H extends Routes[number]['handler']>(
  routes: Routes,
  name: H,
  fn: (
    request: ShopRequest<Extract<Routes[number], { handler: H }>>,
  ) => Promise<
    | AnswerOf<Extract<Routes[number], { handler: H }>>
    | Reply<AnswerOf<Extract<Routes[number], { handler: H }>>>
    | Reply<RefusalBodyOf<Extract<Routes[number], { handler: H }>>>
    | RawReply
  >,
) {
  const served: readonly RouteDef[] = routes.filter((candidate) => candidate.handler === name);
  if (!served.length) throw new Error(`No route of this area has handler ${name}`);
  const route = served[0];
  // A module serving several routes (the page function; a list-and-create module) picks the request's route by
  // its route key (method and path), else by method.
  const routeOf: RouteOf = (event) =>
    served.length === 1
      ? route
      : (served.find((candidate) => `${candidate.method} ${candidate.path}` === event.routeKey) ??
        served.find((candidate) => candidate.method === event.requestContext?.http?.method) ??
        route);
  type R = Extract<Routes[number], { handler: H }>;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ShopContext>()
    // Every log line of the request carries its API Gateway request id as correlation_id (and the Lambda context).
    .use(injectLambdaContext(logger, { correlationIdPath: CORRELATION_ID_PATH, resetKeys: true }))
    // First, so it runs last: the business metrics the request recorded are written whatever the answer.
    .use(metricsFlush())
    .use(errorResponder(route))
    .use(frontDoor())
    .use(authenticate(routeOf))
    .use(checkParams(routeOf))
    .use(parseBody(routeOf))
    .handler(async (event, context) => {
      const route = routeOf(event);
      const result = await fn({
        body: context.body as BodyOf<R>,
        params: context.params as ParamsOf<R>,
        query: (route.query
          ? validate(route.query, event.queryStringParameters ?? {})
          : (event.queryStringParameters ?? {})) as QueryOf<R>,
        caller: context.caller as CallerOf<R>,
        event,
      });
      if (isReply(result) && RAW in result)
        return { statusCode: result.statusCode, headers: result.headers, body: String(result.body) };
      return isReply(result) ? json(result.statusCode, result.body, result.headers) : json(200, result);
    });
  return Object.assign(handler, { [ROUTES_SERVED]: { served, routeOf } });
}

/** The route entry a handler made by defineHandler answers this event under (tests check its answers against it). */
export function routeServed(handler: unknown, event: APIGatewayProxyEventV2): RouteDef | undefined {
  const served = (handler as { [ROUTES_SERVED]?: { routeOf: RouteOf } } | null)?.[ROUTES_SERVED];
  return served?.routeOf(event);
}
