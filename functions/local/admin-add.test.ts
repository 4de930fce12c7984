import { AdminGetUserCommand, AdminListGroupsForUserCommand, AuthFlowType, CognitoIdentityProviderClient, InitiateAuthCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { addAdmin, AdminAddError, parseCli, resolvePool } from '../../scripts/admin-add';
import { ADMIN_GROUP } from '../../shared/roles';
import { ensureUser } from './cognito';

/** `npm run admin:add` against the Cognito stand-in of this test run (scripts/admin-add.ts). */
const userPoolId = process.env.TEST_USER_POOL_ID!;
const clientId = process.env.COGNITO_CLIENT_ID!;
let client: CognitoIdentityProviderClient;

beforeAll(() => {
  client = new CognitoIdentityProviderClient({
    endpoint: process.env.TEST_COGNITO_ENDPOINT,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(() => client.destroy());

const newEmail = () => `admin-${randomUUID()}@example.com`;
/** The account's groups, asked by its own user name (the stand-in matches group members by that name only). */
async function groupsOf(email: string) {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const groups = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: user.Username }));
  return (groups.Groups ?? []).map((group) => group.GroupName);
}
const usersWith = async (email: string) => ((await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"` }))).Users ?? []).length;
const signIn = (email: string, password: string) =>
  client.send(new InitiateAuthCommand({ AuthFlow: AuthFlowType.USER_PASSWORD_AUTH, ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));

describe('addAdmin', () => {
  test('a new address: a confirmed, verified account in the admin group, and a password link mailed', async () => {
    const email = newEmail();
    const lines: string[] = [];
    const result = await addAdmin(client, { userPoolId, clientId, email, log: (line) => lines.push(line) });

    expect(result).toMatchObject({ created: true, addedToGroup: true, status: 'CONFIRMED' });
    expect(result.mailedTo).toBeTruthy();
    expect(await groupsOf(email)).toEqual([ADMIN_GROUP]);
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
    expect(lines.join('\n')).toMatch(/Created the account .*\n.*Added .* to the "admin" group\.\n.*password link/);
  });

  test('running it again changes nothing: no second account, no second mail', async () => {
    const email = newEmail();
    await addAdmin(client, { userPoolId, clientId, email });
    const again = await addAdmin(client, { userPoolId, clientId, email });

    expect(again).toEqual({ created: false, addedToGroup: false, mailedTo: undefined, status: 'CONFIRMED' });
    expect(await usersWith(email)).toBe(1);
    expect(await groupsOf(email)).toEqual([ADMIN_GROUP]);
  });

  test('an existing customer becomes an admin and keeps their password', async () => {
    const email = newEmail();
    await ensureUser({ client, userPoolId }, email, 'Customer1pw');
    const result = await addAdmin(client, { userPoolId, clientId, email });

    expect(result).toMatchObject({ created: false, addedToGroup: true, mailedTo: undefined });
    expect(await groupsOf(email)).toEqual([ADMIN_GROUP]);
    expect((await signIn(email, 'Customer1pw')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('--reset-password replaces an existing password and mails the link', async () => {
    const email = newEmail();
    await ensureUser({ client, userPoolId }, email, 'Customer1pw', [ADMIN_GROUP]);
    const result = await addAdmin(client, { userPoolId, clientId, email, resetPassword: true });

    expect(result).toMatchObject({ created: false, addedToGroup: false });
    expect(result.mailedTo).toBeTruthy();
    await expect(signIn(email, 'Customer1pw')).rejects.toThrow();
  });

  test('without a client id the account is still made, and the log says how to set a password', async () => {
    const email = newEmail();
    const lines: string[] = [];
    const result = await addAdmin(client, { userPoolId, email, log: (line) => lines.push(line) });

    expect(result).toMatchObject({ created: true, addedToGroup: true, mailedTo: undefined });
    expect(lines.join('\n')).toContain('"Forgot Password?"');
  });

  test('not an email address: a clear error, nothing created', async () => {
    await expect(addAdmin(client, { userPoolId, clientId, email: 'someone' })).rejects.toThrow(AdminAddError);
    await expect(addAdmin(client, { userPoolId, clientId, email: 'someone' })).rejects.toThrow(/"someone" is not an email address/);
  });
});

describe('finding the user pool', () => {
  const noStack = async () => null;

  test('an explicit id wins, then USER_POOL_ID', async () => {
    expect(await resolvePool({ userPoolId: 'us-east-1_a', clientId: 'c', env: {} }, noStack)).toEqual({ userPoolId: 'us-east-1_a', clientId: 'c' });
    expect(await resolvePool({ env: { USER_POOL_ID: 'us-east-1_b', USER_POOL_CLIENT_ID: 'd' } }, noStack)).toEqual({ userPoolId: 'us-east-1_b', clientId: 'd' });
  });

  test('else the outputs of Shop-<stage> (dev by default)', async () => {
    const asked: string[] = [];
    const outputs = async (stackName: string) => {
      asked.push(stackName);
      return { UserPoolId: 'us-east-1_p', UserPoolClientId: 'web' };
    };
    expect(await resolvePool({ env: {} }, outputs)).toEqual({ userPoolId: 'us-east-1_p', clientId: 'web' });
    expect(await resolvePool({ stage: 'prod', env: {} }, outputs)).toEqual({ userPoolId: 'us-east-1_p', clientId: 'web' });
    expect(asked).toEqual(['Shop-dev', 'Shop-prod']);
  });

  test('no such stack: says what to do', async () => {
    await expect(resolvePool({ stage: 'prod', env: {} }, noStack)).rejects.toThrow(/no stack Shop-prod .*npx cdk deploy -c stage=prod/);
  });

  test('command line: one address and the options', () => {
    expect(parseCli(['someone@example.com', '--stage', 'prod', '--reset-password'], {})).toEqual({
      email: 'someone@example.com',
      stage: 'prod',
      userPoolId: undefined,
      clientId: undefined,
      region: undefined,
      endpoint: undefined,
      resetPassword: true,
    });
    expect(parseCli(['a@example.com'], { COGNITO_ENDPOINT: 'http://127.0.0.1:9229', AWS_REGION: 'eu-west-1' })).toMatchObject({
      endpoint: 'http://127.0.0.1:9229',
      region: 'eu-west-1',
    });
    expect(() => parseCli([], {})).toThrow(/Give exactly one email address/);
    expect(() => parseCli(['a@example.com', '--bogus'], {})).toThrow(/Usage: npm run admin:add/);
  });
});
