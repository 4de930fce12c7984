import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { OPENAPI_PATH, openApiDocument } from '#shared/openapi';
import { ROUTE_LIST } from '#shared/routes';
import { createGateway } from './gateway';

/** The local gateway answers the API description at the same path CloudFront serves it from in AWS. */
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

it(`GET ${OPENAPI_PATH} answers the OpenAPI document of the routes it serves`, async () => {
  const answer = await fetch(`${base}${OPENAPI_PATH}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const document = await answer.json();
  expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument(ROUTE_LIST))));
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/health', '/auth/cart', '/api/admin/products']),
  );
});

it('other methods on that path are not the document', async () => {
  const answer = await fetch(`${base}${OPENAPI_PATH}`, { method: 'POST', body: '{}' });
  expect(answer.status).toBe(404);
});
