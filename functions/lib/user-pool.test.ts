import { randomUUID } from 'node:crypto';
import { signInNewUser } from '#tests/helpers';
import { accountEmail } from './user-pool';

/**
 * The account's email by its `sub`, asked of the local Cognito stand-in as of the user pool in AWS: ListUsers through
 * the Cognito client.
 */
const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;

it("finds a signed-in shopper's email by the sub of their token", async () => {
  const { email, token } = await signInNewUser();
  expect(await accountEmail(subOf(token))).toBe(email);
});

it('answers null for a sub the pool does not have, and for one that is not a sub', async () => {
  expect(await accountEmail(randomUUID())).toBeNull();
  expect(await accountEmail('x" or sub = "*')).toBeNull();
});
