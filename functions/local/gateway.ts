import http from 'node:http';
import os from 'node:os';
import { OPENAPI_PATH, openApiDocument } from '#shared/openapi';
import { isFeedPath } from '#shared/feeds';
import { isPagePath } from '#shared/pages';
import type { RouteDef } from '#shared/routes';
import type { RuntimeConfig } from '#shared/schemas/common';
import { SECURITY_HEADERS } from '#shared/security-headers';
import { withRequestOrigin } from '../lib/site-url';
import { createApiDoor, type ApiDoorOptions } from './gateway-api';
import { createCognitoDoor, type CognitoDoorOptions } from './gateway-cognito';
import { answerAndClose, readBody, sendJson } from './gateway-http';
import { createSiteDoor, type SiteDoorOptions } from './gateway-site';
import type { RateLimiter } from './rate-limit';

export interface GatewayOptions extends ApiDoorOptions, CognitoDoorOptions, SiteDoorOptions {
  routes: readonly RouteDef[];
  /** The runtime config; `cognitoEndpoint` is filled in per request from the address the shop was opened under. */
  config: Omit<RuntimeConfig, 'cognitoEndpoint'>;
  /** PUBLIC_URL: an address besides this machine's own names that the shop answers to (a tunnel, a forwarded port). */
  publicUrl?: string;
  /** Extra same-origin stand-ins (S3, SES) mounted under a path prefix. */
  mounts?: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => Promise<void>>;
  /** Per-client rate limits (shared/rate-limits.ts); a refused request reaches no handler and no stand-in. */
  rateLimiter?: RateLimiter;
  log?: (line: string) => void;
}

/** This machine's names as a Host header gives them (lower case, IPv6 in brackets), read afresh (addresses change). */
function machineNames(): Set<string> {
  const names = new Set(['localhost', os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const { address, family } of addresses ?? [])
      names.add(family === 'IPv6' ? `[${address.toLowerCase()}]` : address);
  }
  return names;
}

/**
 * The origin a request was opened under (`http://127.0.0.1:3000`), when its Host header names this machine
 * (localhost, a loopback or interface address, the machine's name) with the port the request came in on, or
 * is PUBLIC_URL's host (then PUBLIC_URL's origin); null for any other Host. Links in mails and upload URLs are
 * made from it, so a forged Host can never put a stranger's address into a password-reset mail (and a page of
 * another site whose name resolves to 127.0.0.1 cannot read this shop: DNS rebinding).
 */
export function originOfHost(
  host: string | undefined,
  localPort: number | undefined,
  publicUrl?: string,
): string | null {
  if (!host || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (publicUrl && url.host === new URL(publicUrl).host) return new URL(publicUrl).origin;
  if ((url.port || '80') !== String(localPort)) return null;
  return /^127\.\d+\.\d+\.\d+$/.test(url.hostname) || machineNames().has(url.hostname) ? url.origin : null;
}

/**
 * The local API Gateway + CloudFront: one origin serving the API (the same handler modules, chosen by the
 * same route table: gateway-api.ts), /config.json, images and the SPA (gateway-site.ts), the Cognito proxy
 * (gateway-cognito.ts) and the other stand-ins' mounts. Here: the Host check, the body limit, the rate limits, and
 * which door a path goes to.
 */
export function createGateway(options: GatewayOptions): http.Server {
  const log = options.log ?? (() => {});
  const api = createApiDoor(options);
  const proxyCognito = createCognitoDoor(options, log);
  const { site, images } = createSiteDoor(options, api);
  // The API description of the routes served here (in AWS a file of the SPA build at the same path).
  let apiDescription: unknown;

  return http.createServer((req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.on('finish', () => {
      if (!url.pathname.startsWith('/assets/'))
        log(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
    });
    // Every API answer carries the security headers, the gateway's own too (404, 405, 413, 429), as CloudFront's
    // response-headers policy adds them in AWS (the API door puts them over a function's own: gateway-api.ts).
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/'))
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const origin = originOfHost(req.headers.host, req.socket.localPort, options.publicUrl);
    if (origin === null) {
      const port = req.socket.localPort;
      return answerAndClose(req, res, 400, {
        error: {
          code: 'unknown_host',
          message: `This shop answers only under this machine's names (http://localhost:${port}, http://127.0.0.1:${port} or this machine's address on port ${port}); open it so, or set PUBLIC_URL to the address you use.`,
        },
      });
    }
    // Everything below (handlers, the stand-ins, the Cognito triggers) knows the address the shop was opened under.
    withRequestOrigin(origin, async () => {
      const body = await readBody(req);
      if (body === null)
        return answerAndClose(req, res, 413, {
          error: { code: 'payload_too_large', message: 'The request body is too large (at most 6 MB).' },
        });
      const { pathname } = url;
      const refused = options.rateLimiter?.checkHttp(req, pathname);
      if (refused) return sendJson(res, refused.status, refused.body, refused.headers);
      if (pathname === OPENAPI_PATH && req.method === 'GET')
        return sendJson(res, 200, (apiDescription ??= openApiDocument(options.routes)), {
          'cache-control': 'no-cache',
        });
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) return api(req, res, url, body);
      // The paths CloudFront sends to the page function (shared/pages.ts), answered by the same handler module.
      if ((req.method === 'GET' || req.method === 'HEAD') && isPagePath(pathname)) return api(req, res, url, body);
      // The product feeds (shared/feeds.ts), as CloudFront's /feeds/* behaviour sends them to their functions.
      if ((req.method === 'GET' || req.method === 'HEAD') && isFeedPath(pathname))
        return api(req, res, url, body, true);
      if (pathname === '/config.json')
        return sendJson(res, 200, { ...options.config, cognitoEndpoint: `${origin}/cognito` });
      if (pathname === '/cognito' || pathname === '/cognito/') return proxyCognito(req, res, body);
      for (const [prefix, mount] of Object.entries(options.mounts ?? {})) {
        if (pathname.startsWith(prefix)) return mount(req, res, body);
      }
      if (pathname.startsWith('/images/')) return images(req, res, pathname);
      return site(req, res, url, body);
    }).catch((error: Error) => {
      log(`gateway error on ${req.method} ${url.pathname}: ${error.stack ?? error.message}`);
      if (!res.headersSent)
        sendJson(res, 502, {
          error: { code: 'bad_gateway', message: 'The local gateway could not complete the request.' },
        });
      else res.end();
    });
  });
}
