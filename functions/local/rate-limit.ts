import type http from 'node:http';
import { LOG_EVENT } from '#shared/observability';
import {
  parseRateLimitSwitch,
  RATE_LIMIT_GROUPS,
  rateLimitedBody,
  rateLimitGroupOf,
  scaledLimit,
  type RateLimitGroup,
  type RateLimitSwitch,
  type RequestToLimit,
} from '#shared/rate-limits';

/**
 * The local stand-in for the WAF rate-based rules (docs/decisions/0025): the groups of shared/rate-limits.ts,
 * counted per client address over a sliding window. A refused request is answered here, before any handler or
 * the Cognito stand-in sees it, and is not counted (so Retry-After is exact and waiting that long always works).
 */
export interface RateLimiterOptions {
  groups?: readonly RateLimitGroup[];
  /** Multiplies every limit (RATE_LIMITS=<number>). */
  scale?: number;
  /** The clock, in milliseconds (tests inject one; no test waits for a window). */
  now?: () => number;
  /** Gets one JSON line per refusal (`{"event":"rate_limited",...}`), the local form of the metric. */
  log?: (line: string) => void;
}

export interface Refusal {
  group: RateLimitGroup;
  /** Seconds until the client's oldest counted request leaves the window. */
  retryAfterSeconds: number;
  status: 429;
  headers: Record<string, string>;
  body: ReturnType<typeof rateLimitedBody>;
}

export interface RateLimiter {
  /** Counts a request of `client` and answers its refusal, or null when it may pass (or is not limited). */
  check(request: RequestToLimit, client: string): Refusal | null;
  /** The same for an HTTP request reaching the gateway (the socket's address; the /cognito proxy's x-amz-target). */
  checkHttp(req: http.IncomingMessage, pathname: string): Refusal | null;
  /** How many group-and-client entries are kept (bounded: expired ones are swept). */
  tracked(): number;
}

/** Past this many group-and-client entries, expired ones are swept (at most once a minute). */
const SWEEP_AT = 10_000;

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const groups = options.groups ?? RATE_LIMIT_GROUPS;
  const scale = options.scale ?? 1;
  const now = options.now ?? Date.now;
  /** Times (ms) of the counted requests, oldest first, per group and client. */
  const hits = new Map<string, number[]>();
  let nextSweep = 0;

  const sweep = (at: number) => {
    nextSweep = at + 60_000;
    for (const [key, times] of hits) {
      const group = groups.find((g) => key.startsWith(`${g.id}|`));
      if (!group || times.every((t) => t <= at - group.windowSeconds * 1000)) hits.delete(key);
    }
  };

  const check = (request: RequestToLimit, client: string): Refusal | null => {
    const group = rateLimitGroupOf(request, groups);
    if (!group) return null;
    const at = now();
    const windowMs = group.windowSeconds * 1000;
    const key = `${group.id}|${client}`;
    const times = (hits.get(key) ?? []).filter((t) => t > at - windowMs);
    const limit = scaledLimit(group, scale);
    if (times.length < limit) {
      times.push(at);
      hits.set(key, times);
      if (hits.size > SWEEP_AT && at >= nextSweep) sweep(at);
      return null;
    }
    hits.set(key, times);
    const retryAfterSeconds = Math.max(1, Math.ceil((times[0] + windowMs - at) / 1000));
    const where =
      'cognitoTarget' in request ? { target: request.cognitoTarget } : { method: request.method, path: request.path };
    options.log?.(
      JSON.stringify({
        level: 'WARN',
        event: LOG_EVENT.rateLimited,
        group: group.id,
        client,
        ...where,
        limit,
        windowSeconds: group.windowSeconds,
        retryAfterSeconds,
      }),
    );
    return {
      group,
      retryAfterSeconds,
      status: 429,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: rateLimitedBody(group),
    };
  };

  return {
    check,
    tracked: () => hits.size,
    checkHttp(req, pathname) {
      const client = clientAddress(req);
      if (pathname === '/cognito' || pathname === '/cognito/') {
        const target = req.headers['x-amz-target'];
        return typeof target === 'string' ? check({ cognitoTarget: target }, client) : null;
      }
      return check({ method: req.method ?? 'GET', path: pathname }, client);
    },
  };
}

/**
 * The client address that is counted: the socket's. X-Forwarded-For is not trusted: nothing fronts the local
 * gateway, so any client could write it (in AWS, WAF reads the address CloudFront or Cognito saw).
 */
export function clientAddress(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** `RATE_LIMITS` of the environment: on (default), off, or a number that multiplies every limit. */
export function rateLimitSwitchFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitSwitch {
  return parseRateLimitSwitch(env.RATE_LIMITS?.trim(), 'RATE_LIMITS');
}
