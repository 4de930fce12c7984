import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  AuthFlowType,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addAdmin,
  AdminAddError,
  CHOOSE_PASSWORD_LOCALLY,
  localPool,
  parseCli,
  resolvePool,
} from '../../scripts/admin-add';
import { ADMIN_GROUP, TOKEN_LIFETIMES } from '#shared/roles';
import { confirmationCodeIn, ensureUser } from './cognito';
import { until } from '#tests/until';

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
  const groups = await client.send(
    new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: user.Username }),
  );
  return (groups.Groups ?? []).map((group) => group.GroupName);
}
const refresh = (refreshToken: string) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: AuthFlowType.REFRESH_TOKEN_AUTH,
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
/** The reset code Cognito mailed to an address: the stand-in prints the mail and keeps the code on the user record. */
async function mailedCode(email: string): Promise<string> {
  return (await until(() => confirmationCodeIn(process.env.TEST_COGNITO_DATA_DIR!, userPoolId, email)))!;
}
const usersWith = async (email: string) =>
  ((await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"` }))).Users ?? [])
    .length;
const signIn = (email: string, password: string) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

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

  test("a squatted address: the stranger's password and refresh token stop working, and only the mailbox owner gets in, as an admin", async () => {
    // A stranger signs up with the owner's address before the owner does (the pre-sign-up trigger confirms and
    // marks it verified, as the local gateway does here: ensureUser), and signs in.
    const email = newEmail();
    await ensureUser({ client, userPoolId }, email, 'Squatter1pw');
    const squatter = (await signIn(email, 'Squatter1pw')).AuthenticationResult!;
    expect(squatter.RefreshToken).toBeTruthy();

    const lines: string[] = [];
    const result = await addAdmin(client, { userPoolId, clientId, email, log: (line) => lines.push(line) });

    expect(result).toEqual({
      created: false,
      addedToGroup: true,
      mailedTo: email,
      passwordReset: true,
      status: 'RESET_REQUIRED',
    });
    expect(await groupsOf(email)).toEqual([ADMIN_GROUP]);
    // The operator is told, in this order: reset, signed out, mailed, added.
    const log = lines.join('\n');
    expect(log).toMatch(
      /Reset the password of .*no longer signs in\.\nSigned out every session .*refresh tokens are revoked.*\nCognito mailed a reset code to .*\nAdded .* to the "admin" group\./,
    );
    // The stranger's password no longer signs in (Cognito says a reset is required), and their refresh token is dead.
    await expect(signIn(email, 'Squatter1pw')).rejects.toMatchObject({ name: 'PasswordResetRequiredException' });
    await expect(refresh(squatter.RefreshToken!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // The owner gets the code (the mail the stand-in prints and keeps), sets a password and signs in as an admin.
    const code = await mailedCode(email);
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: code,
        Password: 'Owner1pwOk',
      }),
    );
    const owner = (await signIn(email, 'Owner1pwOk')).AuthenticationResult!;
    expect(claimsOf(owner.AccessToken!)['cognito:groups']).toEqual([ADMIN_GROUP]);
    // And once the owner chose a password, the stranger's is just a wrong one.
    await expect(signIn(email, 'Squatter1pw')).rejects.toThrow();
  });

  test('against the local stand-in (--local: it mails nothing) the squatter is still shut out, and the script says how the owner gets in instead of claiming a mail', async () => {
    const email = newEmail();
    await ensureUser({ client, userPoolId }, email, 'Squatter1pw');
    const squatter = (await signIn(email, 'Squatter1pw')).AuthenticationResult!;
    // The stand-in's tokens last as long as AWS's: an access token outlives the sign-out by at most an hour.
    const claims = claimsOf(squatter.AccessToken!);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(TOKEN_LIFETIMES.accessHours * 3600);

    const lines: string[] = [];
    const result = await addAdmin(client, {
      userPoolId,
      clientId,
      email,
      mails: false,
      log: (line) => lines.push(line),
    });

    expect(result).toEqual({
      created: false,
      addedToGroup: true,
      mailedTo: undefined,
      passwordReset: true,
      status: 'RESET_REQUIRED',
    });
    const log = lines.join('\n');
    expect(log).not.toMatch(/mailed/i);
    expect(log).toContain(CHOOSE_PASSWORD_LOCALLY(email));
    await expect(signIn(email, 'Squatter1pw')).rejects.toMatchObject({ name: 'PasswordResetRequiredException' });
    await expect(refresh(squatter.RefreshToken!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A new address: no password link asked for, the same sentence.
    const fresh = newEmail();
    const made: string[] = [];
    expect(
      await addAdmin(client, { userPoolId, clientId, email: fresh, mails: false, log: (line) => made.push(line) }),
    ).toMatchObject({ created: true, addedToGroup: true, mailedTo: undefined });
    expect(made.join('\n')).toContain(CHOOSE_PASSWORD_LOCALLY(fresh));
  });

  test('an existing account whose address is not marked verified: marked, so the reset code can go there (it proves the mailbox)', async () => {
    const email = newEmail();
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: 'Someone1pw',
        Permanent: true,
      }),
    );

    const result = await addAdmin(client, { userPoolId, email });

    expect(result).toMatchObject({ created: false, addedToGroup: true, passwordReset: true, status: 'RESET_REQUIRED' });
    expect(await mailedCode(email)).toMatch(/^\d+$/);
    await expect(signIn(email, 'Someone1pw')).rejects.toMatchObject({ name: 'PasswordResetRequiredException' });
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
    await expect(addAdmin(client, { userPoolId, clientId, email: 'someone' })).rejects.toThrow(
      /"someone" is not an email address/,
    );
  });
});

describe('finding the user pool', () => {
  const noStack = async () => null;

  test('an explicit id wins, then USER_POOL_ID', async () => {
    expect(await resolvePool({ userPoolId: 'us-east-1_a', clientId: 'c', env: {} }, noStack)).toEqual({
      userPoolId: 'us-east-1_a',
      clientId: 'c',
    });
    expect(await resolvePool({ env: { USER_POOL_ID: 'us-east-1_b', USER_POOL_CLIENT_ID: 'd' } }, noStack)).toEqual({
      userPoolId: 'us-east-1_b',
      clientId: 'd',
    });
  });

  test('else the outputs of Shop-<stage> (dev by default)', async () => {
    const asked: string[] = [];
    const outputs = async (stackName: string) => {
      asked.push(stackName);
      return { UserPoolId: 'us-east-1_p', UserPoolClientId: 'web' };
    };
    expect(await resolvePool({ env: {} }, outputs)).toEqual({ userPoolId: 'us-east-1_p', clientId: 'web' });
    expect(await resolvePool({ stage: 'prod', env: {} }, outputs)).toEqual({
      userPoolId: 'us-east-1_p',
      clientId: 'web',
    });
    expect(asked).toEqual(['Shop-dev', 'Shop-prod']);
  });

  test('--local: the pool npm start saved under the data folder, or what to do when there is none', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-admin-add-'));
    try {
      expect(() => localPool({ DATA_DIR: dataDir })).toThrow(
        /no local user pool yet .*start the shop first with npm start/,
      );
      mkdirSync(path.join(dataDir, 'cognito'));
      writeFileSync(
        path.join(dataDir, 'cognito', 'shop-pool.json'),
        JSON.stringify({ userPoolId: 'local_x', clientId: 'c1' }),
      );
      expect(localPool({ DATA_DIR: dataDir })).toEqual({ userPoolId: 'local_x', clientId: 'c1' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('no such stack: says what to do', async () => {
    await expect(resolvePool({ stage: 'prod', env: {} }, noStack)).rejects.toThrow(
      /no stack Shop-prod .*npx cdk deploy -c stage=prod/,
    );
  });

  test('command line: one address and the options', () => {
    expect(parseCli(['someone@example.com', '--stage', 'prod', '--reset-password'], {})).toEqual({
      email: 'someone@example.com',
      stage: 'prod',
      userPoolId: undefined,
      clientId: undefined,
      region: undefined,
      endpoint: undefined,
      local: false,
      resetPassword: true,
    });
    expect(parseCli(['a@example.com', '--local'], { COGNITO_PORT: '9101' })).toMatchObject({
      endpoint: 'http://127.0.0.1:9101',
      local: true,
    });
    expect(parseCli(['a@example.com', '--local'], {})).toMatchObject({
      endpoint: 'http://127.0.0.1:9229',
      local: true,
    });
    expect(
      parseCli(['a@example.com'], { COGNITO_ENDPOINT: 'http://127.0.0.1:9229', AWS_REGION: 'eu-west-1' }),
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9229',
      region: 'eu-west-1',
    });
    expect(() => parseCli([], {})).toThrow(/Give exactly one email address/);
    expect(() => parseCli(['a@example.com', '--bogus'], {})).toThrow(/Usage: npm run admin:add/);
  });
});
