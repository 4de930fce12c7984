import {
  AuthFlowType,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signInNewUser } from '#tests/helpers';
import { confirmationCodeIn } from './cognito';
import { COGNITO_ANSWERS, createSignInLockout, RESET_CODE_TRIES } from './cognito-rules';
import { createGateway, type GatewayOptions } from './gateway';

/**
 * The local sign-in answers as the shop's Cognito pool in AWS does (issue 32 item 7): the /cognito door in front of
 * the test run's Cognito stand-in, with the lockout on the test's clock (no test waits for a lock to end).
 */
let time = 1_000_000;
let server: http.Server;
let origin = '';
const clientId = () => process.env.COGNITO_CLIENT_ID!;

beforeAll(async () => {
  server = createGateway({
    routes: [],
    webDir: __dirname,
    imagesDir: __dirname,
    config: {} as GatewayOptions['config'],
    cognitoUrl: process.env.TEST_COGNITO_ENDPOINT!,
    signInLockout: createSignInLockout(() => time),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A Cognito call through the door, as Amplify makes it: its status and JSON answer. */
async function cognitoCall(operation: string, body: Record<string, unknown>) {
  const answer = await fetch(`${origin}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}
const signIn = (email: string, password: string) =>
  cognitoCall('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId(),
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
/** What an error answer says: its type and message. */
const said = (answer: { body: Record<string, unknown> }) => ({
  type: answer.body.__type,
  message: answer.body.message,
});
const PASSWORD = 'Passw0rdOk';
const wrong = (i: number) => `Wrong${i}Passw0rd`;

describe('failed sign-ins lock the account, as Cognito does', () => {
  test('25 wrong passwords for one account: 5 are told wrong, 20 are refused as locked; the right password is refused while locked, and signs in once the lock ends', async () => {
    const { email } = await signInNewUser();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await signIn(email, wrong(i)));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(answers.slice(0, 5).map(said)).toEqual(Array(5).fill(COGNITO_ANSWERS.wrongSignIn));
    expect(answers.slice(5).map(said)).toEqual(Array(20).fill(COGNITO_ANSWERS.locked));
    expect(COGNITO_ANSWERS.locked).toEqual({ type: 'NotAuthorizedException', message: 'Password attempts exceeded' });

    // Locked for 1 second after the 5th failure (the 20 refused tries did not make it longer).
    const right = await signIn(email, PASSWORD);
    expect({ status: right.status, ...said(right), tokens: right.body.AuthenticationResult }).toEqual({
      status: 400,
      ...COGNITO_ANSWERS.locked,
      tokens: undefined,
    });
    time += 999;
    expect(said(await signIn(email, PASSWORD))).toEqual(COGNITO_ANSWERS.locked);
    time += 1;
    const after = await signIn(email, PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.AuthenticationResult).toMatchObject({ AccessToken: expect.any(String) });

    // That sign-in cleared the count: five more wrong ones are told wrong, the sixth is locked out again.
    for (let i = 0; i < 5; i++) expect(said(await signIn(email, wrong(i)))).toEqual(COGNITO_ANSWERS.wrongSignIn);
    expect(said(await signIn(email, wrong(5)))).toEqual(COGNITO_ANSWERS.locked);
  });

  test('each failure after the lock ends doubles it; guesses sent at once are counted one by one', async () => {
    const { email } = await signInNewUser();
    // Ten guesses at the same moment: still five told wrong, five locked out.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(email, wrong(i))));
    const told = burst.map(said);
    expect(told.filter((answer) => answer.message === COGNITO_ANSWERS.wrongSignIn.message)).toHaveLength(5);
    expect(told.filter((answer) => answer.message === COGNITO_ANSWERS.locked.message)).toHaveLength(5);
    for (const seconds of [1, 2, 4, 8]) {
      time += seconds * 1000 - 1;
      expect({ seconds, ...said(await signIn(email, PASSWORD)) }).toEqual({ seconds, ...COGNITO_ANSWERS.locked });
      time += 1;
      // The lock is over: this wrong password is counted, and the next lock is twice as long.
      expect({ seconds, ...said(await signIn(email, wrong(seconds))) }).toEqual({
        seconds,
        ...COGNITO_ANSWERS.wrongSignIn,
      });
    }
    time += 16_000;
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });
});

describe('no answer tells whether an account exists (the pool prevents user existence errors)', () => {
  test('an unknown user and a wrong password get the same answer, through the door and through the SDK', async () => {
    const { email } = await signInNewUser();
    const unknown = `nobody-${randomUUID()}@example.com`;
    const wrongPassword = await signIn(email, 'Wrong0password');
    const noSuchUser = await signIn(unknown, 'Wrong0password');
    expect(wrongPassword).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
    expect(noSuchUser).toEqual(wrongPassword);

    const sdk = new CognitoIdentityProviderClient({
      endpoint: `${origin}/cognito`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    });
    const sdkSignIn = (username: string) =>
      sdk
        .send(
          new InitiateAuthCommand({
            AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
            ClientId: clientId(),
            AuthParameters: { USERNAME: username, PASSWORD: 'Wrong0password' },
          }),
        )
        .then(
          () => 'signed in',
          (error: Error) => `${error.name}: ${error.message}`,
        );
    expect(await sdkSignIn(email)).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(await sdkSignIn(unknown)).toBe('NotAuthorizedException: Incorrect username or password.');

    // A reset for an unknown address is answered as one for an account (and sends nothing).
    const known = await sdk.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: email }));
    const nobody = await sdk.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: unknown }));
    expect(known.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: `${email[0]}***@e***`,
    });
    expect(nobody.CodeDeliveryDetails).toEqual({ ...known.CodeDeliveryDetails, Destination: 'n***@e***' });
    sdk.destroy();

    // And an unknown user is locked out after five tries like an account (two were above), so the sixth answer tells
    // nothing either.
    for (let i = 0; i < 3; i++) expect(said(await signIn(unknown, wrong(i)))).toEqual(COGNITO_ANSWERS.wrongSignIn);
    expect(said(await signIn(unknown, wrong(5)))).toEqual(COGNITO_ANSWERS.locked);
  });
});

describe('a reset code is dead after 5 wrong tries', () => {
  const confirm = (email: string, code: string, password: string) =>
    cognitoCall('ConfirmForgotPassword', {
      ClientId: clientId(),
      Username: email,
      ConfirmationCode: code,
      Password: password,
    });
  const codeOf = (email: string) =>
    confirmationCodeIn(process.env.TEST_COGNITO_DATA_DIR!, process.env.TEST_USER_POOL_ID!, email)!;
  /** A six-digit code that is not `code`. */
  const otherThan = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  test('the 6th wrong code is refused, and so is the right one after it; the password is unchanged; a new code works', async () => {
    const { email } = await signInNewUser();
    expect((await cognitoCall('ForgotPassword', { ClientId: clientId(), Username: email })).status).toBe(200);
    const code = codeOf(email);
    expect(code).toMatch(/^\d{6}$/);
    for (let i = 0; i < RESET_CODE_TRIES; i++) {
      const answer = await confirm(email, otherThan(code, i), 'Taken0ver1');
      expect({ i, status: answer.status, ...said(answer) }).toEqual({ i, status: 400, ...COGNITO_ANSWERS.wrongCode });
    }
    expect(said(await confirm(email, otherThan(code, 9), 'Taken0ver1'))).toEqual(COGNITO_ANSWERS.deadCode);
    // The 7th try has the right code: refused all the same.
    const right = await confirm(email, code, 'Taken0ver1');
    expect({ status: right.status, ...said(right) }).toEqual({ status: 400, ...COGNITO_ANSWERS.deadCode });
    expect(COGNITO_ANSWERS.deadCode).toEqual({
      type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect((await signIn(email, 'Taken0ver1')).status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(200);

    // A new code (a new reset mail) starts again from none tried.
    await cognitoCall('ForgotPassword', { ClientId: clientId(), Username: email });
    const fresh = codeOf(email);
    expect(said(await confirm(email, otherThan(fresh, 0), 'Mine0again'))).toEqual(COGNITO_ANSWERS.wrongCode);
    expect(await confirm(email, fresh, 'Mine0again')).toEqual({ status: 200, body: {} });
    expect((await signIn(email, 'Mine0again')).status).toBe(200);
  });

  test('codes for an unknown address are told wrong, then refused the same way', async () => {
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (let i = 0; i < RESET_CODE_TRIES; i++)
      expect(said(await confirm(unknown, String(100_000 + i), 'Taken0ver1'))).toEqual(COGNITO_ANSWERS.wrongCode);
    expect(said(await confirm(unknown, '123456', 'Taken0ver1'))).toEqual(COGNITO_ANSWERS.deadCode);
  });
});
