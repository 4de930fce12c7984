import type * as z from '#shared/schemas/zod';
import { MESSAGES } from '#shared/messages';
import { errorBodySchema } from '#shared/schemas/common';
import { gatewayUnauthorizedSchema, SESSION_NOT_VALID_MESSAGE } from '#shared/sign-in';

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

type SessionEnded = () => void;
let sessionEnded: SessionEnded = () => {};
/**
 * The auth feature registers what a refused token means: the session is over (signed out in this tab, so a page that
 * needs an account asks to sign in again). Called when the server answers 401 to a call that carried a token.
 */
export function setSessionEnded(handler: SessionEnded): void {
  sessionEnded = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the signed-in user's access token. */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * The one API client (docs/decisions/0098): JSON in and out, the bearer token when asked, every failure mapped here
 * to an ApiError: no token (401, "Please sign in."), the network (0), the server's `{"error":{code,message,fields}}`
 * (its status), API Gateway's 401 `{"message":"Unauthorized"}` (a token its authorizer refused: decision 0140), a
 * 429's Retry-After, and anything else as the spec's "Server error". A 401 to a call that carried a token ends the
 * session (`setSessionEnded`).
 */
export async function api<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { text } = await send(path, 'application/json', options);
  return schema.parse(text ? safeJson(text) : undefined);
}

/**
 * A call whose answer is a file, not JSON (the orders' CSV): its text and the file name the server gave it (null
 * when none), with the same token and the same errors as `api`.
 */
export async function apiFile(
  path: string,
  accept: string,
  options: RequestOptions = {},
): Promise<{ text: string; fileName: string | null }> {
  const { text, response } = await send(path, `${accept}, application/json`, options);
  return { text, fileName: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null };
}

/** Sends one request and answers its body as text when it succeeded; otherwise throws the ApiError it maps to. */
async function send(
  path: string,
  accept: string,
  options: RequestOptions,
): Promise<{ text: string; response: Response }> {
  const headers: Record<string, string> = { accept };
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
  if (response.ok) return { text, response };
  if (response.status === 401 && options.auth) sessionEnded();
  const parsed = errorBodySchema.safeParse(text ? safeJson(text) : undefined);
  const retryAfter = response.status === 429 ? retryAfterOf(response) : undefined;
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    throw new ApiError(response.status, code, message, fields, retryAfter);
  }
  // API Gateway's own 401: the route's JWT authorizer refused the token (expired, revoked, another pool's or client's).
  if (response.status === 401 && gatewayUnauthorizedSchema.safeParse(text ? safeJson(text) : undefined).success)
    throw new ApiError(401, 'unauthorized', SESSION_NOT_VALID_MESSAGE);
  throw new ApiError(response.status, 'server_error', MESSAGES.serverError, undefined, retryAfter);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
