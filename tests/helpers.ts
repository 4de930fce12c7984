import {
  AuthFlowType,
  InitiateAuthCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { randomUUID } from 'node:crypto';
import { createTable } from '../functions/db/create-table';
import { orderCounter } from '../functions/db/entities/marker';
import { localCredentials } from '../functions/lib/aws-client';
import { authorizeRoute } from '../functions/local/authorizer';
import { ensureUser } from '../functions/local/cognito';
import { readOutbox } from '../functions/local/ses';
import { ADMIN_GROUP } from '../shared/roles';
import { routeServed } from '../functions/lib/http';
import { answerSchema, declaredStatuses, refusalBody } from '../shared/openapi';
import type { RouteDef } from '../shared/routes';

/**
 * Creates a fresh table for the calling test file and points the functions at it. Its order numbers start at a
 * random thousand (from #1,001 to #1,000,000,001), not at #1001: the test files run side by side, each on its own
 * table, and send their mails to one outbox, where a mail is found by its order's number (decision 0102). A file that
 * checks the first number starts its counter again (`freshNumbers`).
 */
export async function useFreshTable(options: { freshNumbers?: boolean } = {}): Promise<string> {
  const name = `test-${randomUUID()}`;
  const client = new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT,
    region: 'us-east-1',
    credentials: localCredentials('dynamodb'),
  });
  await createTable(client, name);
  client.destroy();
  process.env.TABLE_NAME = name;
  if (!options.freshNumbers)
    await orderCounter.put({ name: 'order-number', last: Math.floor(Math.random() * 1_000_000) * 1000 });
  return name;
}

export interface EventInput {
  method: string;
  path: string;
  /** The route path, e.g. /api/products/{id} */
  routePath?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  token?: string;
  /** The Content-Type header: application/json unless given; null sends none. */
  contentType?: string | null;
}

/**
 * An API Gateway HTTP API (payload 2.0) event of a request as it reaches API Gateway: a `token` is its Authorization
 * header. The route's JWT authorizer, which puts the token's claims in the event or answers 401 itself, is run by
 * `invoke` (as the local gateway runs it: functions/local/authorizer.ts).
 */
export function apiEvent(input: EventInput): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {
    ...(input.contentType === null ? {} : { 'content-type': input.contentType ?? 'application/json' }),
    ...(input.headers ?? {}),
  };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const rawQueryString = new URLSearchParams(input.query ?? {}).toString();
  return {
    version: '2.0',
    routeKey: `${input.method} ${input.routePath ?? input.path}`,
    rawPath: input.path,
    rawQueryString,
    headers,
    queryStringParameters: input.query,
    pathParameters: input.params,
    body:
      input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: input.method, path: input.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: randomUUID(),
      routeKey: `${input.method} ${input.routePath ?? input.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'test',
  callbackWaitsForEmptyEventLoop: false,
} as unknown as Context;

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Middy handlers take a third argument
  ...rest: any[]
) => Promise<APIGatewayProxyStructuredResultV2 | void>;

/**
 * The answers a route declares, checked on every answer a test sees (docs/decisions/0068): the status must be one
 * its entry declares (shared/openapi.ts declaredStatuses: the API document's list), and a JSON body must match the
 * JSON Schema the document gives it (the route's `answer` on success, the error format otherwise), exactly as
 * Stoplight Prism's validation proxy checks the running shop.
 */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const answerValidators = new WeakMap<object, ValidateFunction>();
const validatorOf = (schema: Parameters<typeof answerSchema>[0]) => {
  let validator = answerValidators.get(schema);
  if (!validator) answerValidators.set(schema, (validator = ajv.compile(answerSchema(schema))));
  return validator;
};

export function checkAnswer(route: RouteDef, answer: { status: number; body: unknown; json: boolean }): void {
  const where = `${route.method} ${route.path} answered ${answer.status}`;
  const declared = declaredStatuses(route);
  if (!declared.has(String(answer.status)) && !(answer.status >= 500 && declared.has('5XX'))) {
    throw new Error(
      `${where}, which its route does not declare (${[...declared.keys()].join(', ')}): add it to the route's refusals with when it is answered`,
    );
  }
  if (!answer.json || answer.status === 301) return;
  const schema = answer.status < 300 ? route.answer : refusalBody(route, answer.status);
  if (!schema) return;
  const validate = validatorOf(schema);
  if (!validate(answer.body))
    throw new Error(
      `${where} with a body its schema refuses: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body).slice(0, 2000)}`,
    );
}

/**
 * Calls a handler as the gateway does: a user or admin route's JWT authorizer runs first (functions/local/authorizer.ts,
 * the local gateway's own), so the function reads the claims of a token it let through, in AWS's shape, and a token it
 * refuses (or none) is API Gateway's 401 `{"message":"Unauthorized"}` without the function running. Answers the event
 * as it reached API Gateway (its request id) and the answer.
 */
export async function callThroughGateway(
  handler: Handler,
  input: EventInput,
): Promise<{ event: APIGatewayProxyEventV2; route: RouteDef | undefined; result: APIGatewayProxyStructuredResultV2 }> {
  const event = apiEvent(input);
  const route = routeServed(handler, event);
  const authorized = route ? await authorizeRoute(route, event) : { event };
  const result = (
    'refusal' in authorized ? authorized.refusal : await handler(authorized.event, { ...lambdaContext })
  ) as APIGatewayProxyStructuredResultV2;
  return { event, route, result };
}

/**
 * Calls a handler through the gateway's authorizer (callThroughGateway) and returns its status and parsed JSON body;
 * the answer must be one its route declares (checkAnswer).
 */
export async function invoke(
  handler: Handler,
  input: EventInput,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer the test reads freely (0046)
): Promise<{ status: number; body: any; headers: Record<string, string> }> {
  const { route, result } = await callThroughGateway(handler, input);
  const json = String(result.headers?.['content-type'] ?? 'application/json').startsWith('application/json');
  const answer = {
    status: result.statusCode ?? 200,
    // JSON answers parsed; others (a CSV download) as their text.
    body: result.body ? (json ? JSON.parse(result.body) : result.body) : undefined,
    headers: (result.headers ?? {}) as Record<string, string>,
  };
  if (route) checkAnswer(route, { status: answer.status, body: answer.body, json: json && Boolean(result.body) });
  return answer;
}

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: process.env.TEST_COGNITO_ENDPOINT,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** A real access token from the Cognito stand-in for a new user (optionally an admin, optionally with this email). */
export async function signInNewUser(
  options: { admin?: boolean; email?: string } = {},
): Promise<{ email: string; token: string }> {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const password = 'Passw0rdOk';
  const client = cognito();
  await ensureUser(
    { client, userPoolId: process.env.TEST_USER_POOL_ID! },
    email,
    password,
    options.admin ? [ADMIN_GROUP] : [],
  );
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
      ClientId: process.env.COGNITO_CLIENT_ID!,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  client.destroy();
  return { email, token: result.AuthenticationResult!.AccessToken! };
}

/** Mails the SES stand-in of this test run has received, newest first. */
export function sentMails() {
  return readOutbox(process.env.TEST_OUTBOX_DIR!);
}

/**
 * A product's picture as the image pipeline records a 2400x1800 upload: its path and the photo with every variant
 * width.
 */
export function pipelinePhoto(src = '/images/products/0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b') {
  return { image: src, photos: [{ src, width: 2400, height: 1800, widths: [320, 480, 640, 800, 960, 1200, 1600] }] };
}
