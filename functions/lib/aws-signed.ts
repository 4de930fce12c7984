import { createHash, createHmac } from 'node:crypto';
import type http from 'node:http';
import { localCredentials } from './aws-client';
import { readEnv } from './env';
import { encode, httpCall, type Answer, type Limits } from './http-call';
import { traceHttpsCalls } from './tracing';

export { encode, neverSent, type Answer } from './http-call';

/**
 * AWS calls signed with Signature Version 4 by hand, without an SDK client (issue 39, decisions 0130 and 0131): the
 * signer S3's presigned URLs and calls use (s3-signed.ts), and one signed request (http-call.ts) for the services a
 * function makes a single call to (SES's SendEmail: mail.ts; Secrets Manager's GetSecretValue: secrets.ts). In AWS
 * the keys are the function's role's (Lambda's AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN); to a
 * local stand-in the keys chosen at this start (docs/decisions/0060), which the S3 and SES stand-ins check as AWS
 * does (functions/local/sigv4.ts).
 */

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * The keys to sign with: a local stand-in's (`local`: its endpoint is set), else the function role's, which Lambda
 * puts in the environment.
 */
export function awsKeys(local: boolean): AwsKeys {
  const stand = local ? localCredentials('standin', readEnv()) : undefined;
  const accessKeyId = stand?.accessKeyId ?? process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = stand?.secretAccessKey ?? process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials to sign the request with');
  return { accessKeyId, secretAccessKey, sessionToken: stand ? undefined : process.env.AWS_SESSION_TOKEN };
}

/** SigV4's time of a request: 20261127T153035Z. */
export const amzDateOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface ToSign {
  /** The signing name: s3, ses, secretsmanager. */
  service: string;
  region: string;
  method: string;
  url: URL;
  /** Headers to sign besides host (lower-case names). */
  headers: Record<string, string>;
  /** The body's SHA-256 (hex), or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  /** Query parameters besides the URL's own (a presigned URL's X-Amz-*). */
  query?: Record<string, string>;
  now: Date;
  secretAccessKey: string;
}

/**
 * A request's signature (docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html). The
 * path is encoded once more for every service but S3, as AWS's signers do.
 */
export function signatureOf({
  service,
  region,
  method,
  url,
  headers,
  payloadHash,
  query = {},
  now,
  secretAccessKey,
}: ToSign) {
  const amzDate = amzDateOf(now);
  const day = amzDate.slice(0, 8);
  const signed: Record<string, string> = { host: url.host, ...headers };
  const names = Object.keys(signed).sort();
  const pairs = [...url.searchParams.entries(), ...Object.entries(query)]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const canonical = [
    method,
    service === 's3' ? url.pathname : url.pathname.split('/').map(encode).join('/'),
    pairs.map(([name, value]) => `${name}=${value}`).join('&'),
    ...names.map((name) => `${name}:${signed[name].trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = [region, service, 'aws4_request'].reduce<Buffer>(
    (key, part) => hmac(key, part),
    hmac(`AWS4${secretAccessKey}`, day),
  );
  return { scope, signedHeaders: names.join(';'), signature: hmac(signingKey, toSign).toString('hex') };
}

export interface Request {
  service: string;
  method: string;
  url: URL;
  /** Headers to send and sign (lower-case names). */
  headers?: Record<string, string>;
  body?: string;
  keys: AwsKeys;
  /** Default: the settings' AWS_REGION. */
  region?: string;
  /** Default: now. */
  now?: Date;
  /** Send the body's hash as x-amz-content-sha256 too (S3 wants it; the JSON services do not). */
  payloadHashHeader?: boolean;
  /** Default: Node's global agent (keep-alive). Tests: one whose connections never open. */
  agent?: http.Agent;
}

/** Every header of a header-signed request: the caller's, host, x-amz-date, the session token and authorization. */
export function signedRequestHeaders(request: Request): Record<string, string> {
  const { keys, url } = request;
  const now = request.now ?? new Date();
  const payloadHash = sha256(request.body ?? '');
  const headers: Record<string, string> = {
    ...request.headers,
    ...(request.payloadHashHeader ? { 'x-amz-content-sha256': payloadHash } : {}),
    'x-amz-date': amzDateOf(now),
    ...(keys.sessionToken ? { 'x-amz-security-token': keys.sessionToken } : {}),
  };
  const { scope, signedHeaders, signature } = signatureOf({
    service: request.service,
    region: request.region ?? readEnv().AWS_REGION,
    method: request.method,
    url,
    headers,
    payloadHash,
    now,
    secretAccessKey: keys.secretAccessKey,
  });
  return {
    ...headers,
    host: url.host,
    authorization: `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * One signed request (httpCall: node:http(s), with a connect and a whole-request limit). Resolves with any HTTP answer
 * (the caller reads its status); rejects when no answer came, an error raised before a connection opened carrying
 * `notSent` (neverSent). With SDK call traces on, in Lambda, it is traced as an HTTPS call.
 */
export function signedRequest(request: Request, limits: Limits): Promise<Answer> {
  traceHttpsCalls();
  const headers = signedRequestHeaders(request);
  return httpCall(request.url, { method: request.method, headers, body: request.body, agent: request.agent }, limits);
}

/**
 * An AWS service's error answer, shaped as the SDK's errors are: `name` the error's type, `message` the service's
 * words, `$metadata.httpStatusCode` the status (what callers and the mail rules read).
 */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode: number; requestId?: string };
  readonly $fault: 'client' | 'server';
  constructor(name: string, message: string, status: number, requestId?: string) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status, ...(requestId ? { requestId } : {}) };
    this.$fault = status >= 500 ? 'server' : 'client';
  }
}

/**
 * The error of a JSON protocol's answer (SES v2's REST-JSON, Secrets Manager's JSON 1.1), named as the SDK names it:
 * the type from `x-amzn-errortype` or the body's `code` / `__type`, without a namespace (`aws.foo#`) or a trailing
 * `:http...`.
 */
export function serviceError(answer: Answer): AwsServiceError {
  let body: { message?: unknown; Message?: unknown; code?: unknown; __type?: unknown } = {};
  try {
    body = JSON.parse(answer.body.toString('utf8')) as typeof body;
  } catch {
    // Not JSON (a proxy's page): named by the status alone.
  }
  const header = answer.headers['x-amzn-errortype'];
  const raw = [Array.isArray(header) ? header[0] : header, body?.code, body?.__type].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const name = raw ? raw.split(':')[0].split('#').pop()! : 'UnknownError';
  const message = [body?.message, body?.Message].find((value): value is string => typeof value === 'string') ?? name;
  const requestId = answer.headers['x-amzn-requestid'];
  return new AwsServiceError(name, message, answer.status, typeof requestId === 'string' ? requestId : undefined);
}

/** The error types AWS's SDKs read as "too fast" (a throttled call did nothing), and status 429. */
const THROTTLING = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
export const isThrottled = (error: unknown) =>
  error instanceof AwsServiceError && (error.$metadata.httpStatusCode === 429 || THROTTLING.has(error.name));

/** A wait before a retry (a timer, so a test can see it). */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How a read of a JSON 1.1 service is tried, as the SDK clients did it (maxAttempts 3, standard retries): up to 3
 * attempts when the service is throttling or failing (5xx) or the network failed, after a random wait of up to 100 ms,
 * 200 ms (500 ms, 1 s when throttled); no connection within 3 s or no answer within 5 s is a failed attempt.
 */
export const READ_RULES = { attempts: 3, baseMs: 100, throttledBaseMs: 500, connectMs: 3_000, totalMs: 5_000 } as const;

/** Whether a failed read is worth another: throttled, a server error, or no answer at all (a read changes nothing). */
const retryable = (error: unknown) =>
  !(error instanceof AwsServiceError) || isThrottled(error) || error.$metadata.httpStatusCode >= 500;

/**
 * One read action of a JSON 1.1 protocol service (Secrets Manager's GetSecretValue, a user pool's ListUsers) as a
 * signed request, tried by READ_RULES; the answer's JSON, or an error named as the SDK's (`serviceError`). `local`:
 * the endpoint is a stand-in, called with the keys chosen at this start.
 */
export async function readJson<T>(call: {
  service: string;
  /** The action, as `x-amz-target` names it (`secretsmanager.GetSecretValue`). */
  target: string;
  url: URL;
  body: unknown;
  local: boolean;
}): Promise<T> {
  const body = JSON.stringify(call.body);
  const keys = awsKeys(call.local);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await signedRequest(
        {
          service: call.service,
          method: 'POST',
          url: call.url,
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': call.target },
          body,
          keys,
        },
        { connectMs: READ_RULES.connectMs, totalMs: READ_RULES.totalMs },
      );
      if (answer.status !== 200) throw serviceError(answer);
      return JSON.parse(answer.body.toString('utf8')) as T;
    } catch (error) {
      if (attempt >= READ_RULES.attempts || !retryable(error)) throw error;
      const base = isThrottled(error) ? READ_RULES.throttledBaseMs : READ_RULES.baseMs;
      await pause(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}
