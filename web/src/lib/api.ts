import type * as z from '#shared/schemas/zod';
import { MESSAGES } from '#shared/messages';
import { errorBodySchema } from '#shared/schemas/common';

/** An API answer that was not a success, with the server's message and field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 429's Retry-After: the seconds to wait before the same call can pass. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Retry-After in seconds (the gateway and WAF send seconds), when the answer has a usable one. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

type TokenSource = () => Promise<string | null>;
let tokenSource: TokenSource = async () => null;
/** The auth feature registers how to get the current access token. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}
/** The signed-in user's access token (null when signed out), for a call that is not JSON. */
export const accessToken = () => tokenSource();

/** The groups an access token names (`cognito:groups`), read from its payload; the server checks the token itself. */
export function tokenGroups(token: string): string[] {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const groups = (JSON.parse(atob(payload)) as Record<string, unknown>)['cognito:groups'];
    return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
  } catch {
    return [];
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the signed-in user's access token. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The one API client: JSON in and out, the bearer token when asked, errors mapped to ApiError. */
export async function api<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const token = await tokenSource();
    if (!token) throw new ApiError(401, 'unauthorized', 'Please sign in.');
    headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', MESSAGES.networkError);
  }
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const retryAfter = response.status === 429 ? retryAfterOf(response) : undefined;
    if (parsed.success)
      throw new ApiError(
        response.status,
        parsed.data.error.code,
        parsed.data.error.message,
        parsed.data.error.fields,
        retryAfter,
      );
    throw new ApiError(response.status, 'server_error', MESSAGES.serverError, undefined, retryAfter);
  }
  return schema.parse(json);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
