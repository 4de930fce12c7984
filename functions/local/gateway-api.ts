import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { ORIGIN_HEADER } from '#shared/origin';
import { isPagePath } from '#shared/pages';
import { findRoute, routeId, type RouteDef } from '#shared/routes';
import { SECURITY_HEADERS } from '#shared/security-headers';
import type { JwtAuthorizerSettings } from '../lib/jwt-authorizer';
import { authorizeRoute } from './authorizer';
import { sendBody, sendJson } from './gateway-http';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
  ...rest: unknown[]
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Turns an HTTP request into an API Gateway HTTP API (payload 2.0) event, as AWS does. */
export function toEvent(
  req: http.IncomingMessage,
  url: URL,
  route: RouteDef,
  params: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    // CloudFront's own headers (the viewer's address) are CloudFront's to set: one a client sent is dropped, as
    // CloudFront replaces it.
    if (value !== undefined && name !== 'cookie' && !name.toLowerCase().startsWith('cloudfront-'))
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const method = (req.method ?? 'GET').toUpperCase();
  const isText = /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
}

/** What the API door needs: the route table, what CloudFront's origin header carries, and the JWT authorizer's pool. */
export interface ApiDoorOptions {
  routes: readonly RouteDef[];
  /**
   * The JWT authorizer of user and admin routes (authorizer.ts): the pool's issuer and the web client, as the stack
   * configures API Gateway's; unset, the functions' own settings (COGNITO_ISSUER, COGNITO_CLIENT_ID) at each request.
   */
  authorizer?: JwtAuthorizerSettings;
  /**
   * What CloudFront's origin header carries (shared/origin.ts): put on every event handed to a handler, over any
   * value the client sent, as CloudFront does. The handlers check it against ORIGIN_SECRET (docs/decisions/0066).
   */
  originSecret?: string;
}

/** Answers a request of /api/*, /auth/* or a crawler page (`page`), given the address it names and its body. */
export type ApiDoor = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  body: Buffer,
  page?: boolean,
) => Promise<void>;

/**
 * The API door, as API Gateway and Lambda: the route table picks the route (404, or 405 for a path with other
 * methods), a user or admin route's JWT authorizer checks the token (401 `{"message":"Unauthorized"}`, or the claims in
 * the event: authorizer.ts), and the route's handler module (the same one deployed) answers an API Gateway v2 event.
 */
export function createApiDoor(door: ApiDoorOptions): ApiDoor {
  // Every handler is loaded up front with require: that works under tsx and inside Jest's global setup
  // (whose TypeScript hook is gone once the setup returns), and a broken module fails the start, not a request.
  const handlers = new Map<string, Handler>();
  for (const route of door.routes) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module path comes from the route table; loaded synchronously (see above)
    const mod = require(path.join(__dirname, '..', 'http', `${route.handler}.ts`)) as {
      handler?: Handler;
      default?: { handler: Handler };
    };
    handlers.set(route.handler, mod.handler ?? mod.default!.handler);
  }
  const load = async (route: RouteDef) => handlers.get(route.handler)!;

  return async function api(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    body: Buffer,
    page = isPagePath(url.pathname),
  ): Promise<void> {
    // HEAD of a page is its GET without the body (CloudFront asks the origin for HEAD as GET here too).
    const method = req.method === 'HEAD' && page ? 'GET' : (req.method ?? 'GET');
    const found = findRoute(door.routes, method, url.pathname);
    if (!found.route) {
      return found.pathExists
        ? sendJson(res, 405, { error: { code: 'method_not_allowed', message: 'This method is not allowed here.' } })
        : sendJson(res, 404, { error: { code: 'not_found', message: 'No such endpoint.' } });
    }
    const handler = await load(found.route);
    const event = toEvent(req, url, found.route, found.params, body);
    if (door.originSecret) event.headers[ORIGIN_HEADER] = door.originSecret;
    const context = { awsRequestId: event.requestContext.requestId, functionName: routeId(found.route) } as Context;
    // The route's JWT authorizer, before any function runs: its 401 is API Gateway's own answer.
    const authorized = await authorizeRoute(found.route, event, door.authorizer);
    const result = 'refusal' in authorized ? authorized.refusal : await handler(authorized.event, context);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    // As API Gateway answers it: the request id every log line of the request carries (correlation_id).
    headers['apigw-requestid'] = event.requestContext.requestId;
    // The security headers (nosniff, no framing, the CSP), as CloudFront's response-headers policy puts them on every
    // behaviour, API and pages alike, over what the function sent (infra/lib/site.ts: override).
    Object.assign(headers, SECURITY_HEADERS);
    sendBody(
      req,
      res,
      result.statusCode ?? 200,
      headers,
      result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0),
    );
  };
}
