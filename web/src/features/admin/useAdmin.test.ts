import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN } from '../../testing/render';
import { adminOnly } from './useAdmin';

/**
 * An admin page's loader reads for an admin's token only: a customer who opens /admin asks the server nothing it would
 * refuse.
 */
const args = {
  request: new Request('http://shop.test/admin'),
  params: {},
  context: undefined,
} as unknown as Parameters<ReturnType<typeof adminOnly>>[0];
const customerToken = `x.${btoa(JSON.stringify({ sub: 'c1', 'cognito:groups': [] }))}.x`;

it.each([
  ['an admin', 1, async () => ADMIN_TEST_TOKEN],
  ['a customer', 0, async () => customerToken],
  ['nobody signed in', 0, async () => null],
])('%s: the page is read %d time(s)', async (_who, reads, token) => {
  setTokenSource(token);
  const loader = jest.fn(async () => ({ read: true }));
  const answer = await adminOnly(loader)(args);
  expect(loader).toHaveBeenCalledTimes(reads);
  expect(answer).toEqual(reads ? { read: true } : null);
});
