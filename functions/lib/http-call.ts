import http from 'node:http';
import https from 'node:https';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Limits {
  /** A connection not opened within this long is given up: nothing was sent. */
  connectMs: number;
  /** The whole request, from its start to the last byte of the answer. */
  totalMs: number;
}

/**
 * A connection to the service that never opened: the request was not sent (with `code` ECONNREFUSED and the like, or
 * as this error after the connect timeout).
 */
export class NotConnectedError extends Error {
  override name = 'TimeoutError';
  readonly notSent = true;
}

/** Network errors raised before a connection opened. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One HTTP GET of a public document over node:http(s): the token verifier's read of the user pool's keys (auth.ts's
 * JWKS fetcher: the local Cognito serves them over http, which aws-jwt-verify's own fetcher does not read). No AWS or
 * Stripe API is called through it: those go through their makers' clients (docs/decisions/0141), and
 * functions/no-own-clients.test.ts holds it to this one use. A connect timeout and one for the whole request.
 * Resolves with any HTTP answer (the caller reads its status); rejects when no answer came.
 */
export function httpCall(
  url: URL,
  request: { method: string; headers?: Record<string, string>; body?: string; agent?: http.Agent },
  limits: Limits,
): Promise<Answer> {
  const headers = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<Answer>((resolve, reject) => {
    let connected = false;
    let done = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const call = (url.protocol === 'https:' ? https : http).request(url, {
      method: request.method,
      headers,
      ...(request.agent ? { agent: request.agent } : {}),
    });
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      if (!connected && NOT_CONNECTED.has(String((error as { code?: unknown }).code)))
        Object.assign(error, { notSent: true });
      reject(error);
      call.destroy();
    };
    const totalTimer = setTimeout(
      () => fail(Object.assign(new Error(`No answer within ${limits.totalMs} ms`), { name: 'TimeoutError' })),
      limits.totalMs,
    );
    call.on('socket', (socket) => {
      if (!socket.connecting) {
        connected = true;
        return;
      }
      connectTimer = setTimeout(
        () =>
          fail(
            new NotConnectedError(`Socket timed out without establishing a connection within ${limits.connectMs} ms`),
          ),
        limits.connectMs,
      );
      socket.once('connect', () => {
        connected = true;
        clearTimeout(connectTimer);
      });
    });
    call.on('error', fail);
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        if (done) return;
        done = true;
        clearTimeout(totalTimer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
    });
    call.end(request.body);
  });
}
