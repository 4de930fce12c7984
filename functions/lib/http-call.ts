import http from 'node:http';
import https from 'node:https';

/** RFC 3986 percent-encoding (encodeURIComponent also escaping !'()*): what SigV4 and Stripe's form bodies want. */
export const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

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

/**
 * Whether a failed call certainly sent nothing: no connection to the service was ever made (refused, no such host,
 * no route, or the connect timeout). After the request was written (a dropped connection, the request timeout) the
 * service may have acted on it.
 */
export function neverSent(error: unknown): boolean {
  return (error as { notSent?: unknown } | undefined)?.notSent === true;
}

/** Network errors raised before a connection opened. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One HTTP request over node:http(s), which the DynamoDB client's handler has loaded in every function already (fetch
 * would load undici on its first call: about 20-30 ms of a cold function's first request, issue 39), with the two
 * limits of the AWS SDK's handler: a connect timeout and one for the whole request. Resolves with any HTTP answer
 * (the caller reads its status); rejects when no answer came. An error raised before a connection opened carries
 * `notSent` (neverSent).
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
