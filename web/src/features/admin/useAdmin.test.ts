import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN } from '../../testing/render';
import { adminOnly } from './useAdmin';

/** An admin page's loader reads for an admin's token only: a customer who opens /admin asks the server nothing it would refuse. */
const args = { request: new Request('http://shop.test/admin'), params: {}, context: undefined } as unknown as Parameters<ReturnType<typeof adminOnly>>[0];
const customerToken = `x.${btoa(JSON.stringify({ sub: 'c1', 'cognito:groups': [] }))}.x`;

it.each([
  ['an admin', async () => ADMIN_TEST_TOKEN, 1],
  ['a customer', async () => customerToken, 0],
  ['nobody signed in', async () => null, 0],
])('%s: the page is read %d time(s)', async (_who, token, reads) => {
  setTokenSource(token);
  const loader = jest.fn(async () => ({ read: true }));
  const answer = await adminOnly(loader)(args);
  expect(loader).toHaveBeenCalledTimes(reads);
  expect(answer).toEqual(reads ? { read: true } : null);
});
