import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { ROUTE_LIST } from '#shared/routes';
import { createGateway } from './gateway';

/**
 * The local gateway gives every API request its own request id, as API Gateway does, and answers it
 * (`apigw-requestid`).
 */
const server = createGateway({
  routes: ROUTE_LIST,
  webDir: os.tmpdir(),
  imagesDir: os.tmpdir(),
  config: {
    region: 'us-east-1',
    userPoolId: 'local',
    userPoolClientId: 'local',
    stripePublishableKey: null,
    paymentMode: 'test',
  },
  cognitoUrl: 'http://127.0.0.1:9',
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('answers each API request with its request id (the correlation_id of its log lines, functions/lib/logger.test.ts), a new one per request', async () => {
  const ids = await Promise.all(
    [1, 2].map(async () => (await fetch(`${base}/api/health`)).headers.get('apigw-requestid')),
  );
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(ids[0]).not.toBe(ids[1]);
});
