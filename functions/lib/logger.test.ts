import { apiEvent, lambdaContext, useFreshTable } from '#tests/helpers';
import { captureLogLines, loadWithLogging } from '#tests/log-lines';
import * as z from '#shared/schemas/zod';

type Modules = {
  http: typeof import('./http');
  logger: typeof import('./logger');
  contact: typeof import('../http/forms/submit-contact');
};
/** Fresh copies of the logger and the handlers, made with logging on (tests/log-lines.ts). */
const {
  http,
  logger: loggerModule,
  contact,
} = loadWithLogging((): Modules => ({
  /* eslint-disable @typescript-eslint/no-require-imports -- jest.isolateModules loads fresh copies only through require */
  http: require('./http'),
  logger: require('./logger'),
  contact: require('../http/forms/submit-contact'),
  /* eslint-enable @typescript-eslint/no-require-imports */
}));
const { defineHandler } = http;
const { logger } = loggerModule;
const submitContact = contact.handler;

/**
 * Every log line of one request carries the API Gateway request id as `correlation_id` (Powertools'
 * injectLambdaContext in the Middy chain of every route, issue 24 item 5), so an operator finds all the lines of
 * the request a client reports (the id is in API Gateway's `apigw-requestid` answer header, and the local gateway's).
 */
const ROUTES = [
  {
    method: 'POST',
    path: '/api/test/log',
    handler: 'test/log',
    access: 'public',
    table: 'none',
    answer: z.object({ ok: z.literal(true) }),
    summary: 'Logs twice, then fails when asked',
  },
] as const;
const logging = defineHandler(ROUTES, 'test/log', async ({ event }) => {
  logger.info('first line', { step: 1 });
  logger.warn('second line', { step: 2 });
  if (event.body === 'fail') throw new Error('boom');
  return { ok: true as const };
});

const lines = captureLogLines();

const call = async (body?: string) => {
  const event = apiEvent({ method: 'POST', path: '/api/test/log', routePath: '/api/test/log', body });
  const result = await logging(event, { ...lambdaContext, awsRequestId: 'lambda-invocation-1' });
  return { id: event.requestContext.requestId, status: result.statusCode };
};

test("a handler's log lines, and the error line of a failed request, carry the request's API Gateway id; the next request has its own", async () => {
  const first = await call();
  const failed = await call('fail');
  expect(failed.status).toBe(500);
  expect(lines().map((line) => [line.message, line.correlation_id])).toEqual([
    ['first line', first.id],
    ['second line', first.id],
    ['first line', failed.id],
    ['second line', failed.id],
    ['unhandled error', failed.id],
  ]);
  expect(first.id).not.toBe(failed.id);
  // The Lambda context too (injectLambdaContext): the invocation's id beside the request's.
  expect(lines()[0]).toMatchObject({ function_request_id: 'lambda-invocation-1', service: 'shop' });
});

test('a real handler logs under the request id too (a form whose honeypot a bot filled)', async () => {
  await useFreshTable();
  const event = apiEvent({
    method: 'POST',
    path: '/api/forms/contact',
    routePath: '/api/forms/contact',
    body: { name: 'Bot', email: 'bot@example.com', message: 'Hi', website: 'spam' },
  });
  const result = await submitContact(event, { ...lambdaContext });
  expect(result.statusCode).toBe(201);
  expect(lines().filter((line) => line.message === 'form honeypot filled; not stored')).toEqual([
    expect.objectContaining({ correlation_id: event.requestContext.requestId }),
  ]);
});
