/**
 * The Cognito stand-in's process: cognito-local, with two admin operations it lacks and `npm run admin:add` calls
 * (docs/decisions/0065), written after Cognito's documented behaviour:
 * - AdminUserGlobalSignOut: every refresh token of the user stops working (REFRESH_TOKEN_AUTH answers
 *   NotAuthorizedException). Access tokens already issued stay valid until they expire, as in Cognito for any
 *   service that checks them by signature, as the shop's functions do.
 * - AdminResetUserPassword: the password stops working (sign-in answers PasswordResetRequiredException) and a
 *   reset code is sent to the verified email, the one ConfirmForgotPassword takes, as ForgotPassword sends it
 *   (the stand-in prints it to its log and keeps it on the user record).
 * And where cognito-local is not Cognito, as the shop's AWS pool answers (docs/decisions/0089, 0091):
 * - Tokens are signed with this machine's key (COGNITO_SIGNING_KEY_FILE, made by cognito.ts in the data folder), not
 *   the private key cognito-local ships in its package; the JWKS it serves holds that key's public half only. An
 *   operation that takes an access token (GetUser, ChangePassword, ...) checks its signature and expiry first:
 *   cognito-local only decodes it, so a token made by hand with anyone's `sub` would read their account.
 * - User existence is not told (the AWS web client has PreventUserExistenceErrors): a sign-in with an unknown user or
 *   a wrong password answers NotAuthorizedException "Incorrect username or password."; a reset for an unknown user
 *   answers as for a known one (nothing is sent); a reset code for an unknown user is a wrong code.
 * - A reset code is dead after 5 wrong tries: the 6th try and every later one of that code answer
 *   LimitExceededException (right or wrong), until ForgotPassword (or AdminResetUserPassword) makes a new code.
 * Started by functions/local/cognito.ts with `node --require tsx/cjs`; it serves cognito-local's own app (as its
 * start script builds it) on 127.0.0.1, behind a guard that refuses what a web page sends (loopback-guard.ts).
 */
import { createPublicKey, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createDefaultServer } from 'cognito-local/lib/server';
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';
import { Targets } from 'cognito-local/lib/targets/targets';
import { COGNITO_ANSWERS, oneAtATimeByKey, RESET_CODE_TRIES } from './cognito-rules';
import { refusedOffLoopback } from './loopback-guard';

interface AdminUserRequest {
  UserPoolId: string;
  Username: string;
  ClientMetadata?: Record<string, string>;
}

async function userOf(services: Pick<Services, 'cognito'>, ctx: Context, req: AdminUserRequest) {
  if (!req?.UserPoolId || !req.Username) throw new NotAuthorizedError();
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  return { userPool, user };
}

const extraTargets = {
  AdminUserGlobalSignOut:
    (services: Pick<Services, 'cognito' | 'clock'>) => async (ctx: Context, req: AdminUserRequest) => {
      const { userPool, user } = await userOf(services, ctx, req);
      await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: services.clock.get() });
      return {};
    },
  AdminResetUserPassword:
    (services: Pick<Services, 'cognito' | 'clock' | 'messages' | 'otp'>) =>
    async (ctx: Context, req: AdminUserRequest) => {
      const { userPool, user } = await userOf(services, ctx, req);
      const code = services.otp();
      const email = attributeValue('email', user.Attributes);
      // Cognito sends the code only to a verified address (every shop account's is: docs/decisions/0010).
      if (email && attributeValue('email_verified', user.Attributes) === 'true') {
        await services.messages.deliver(
          ctx,
          'ForgotPassword',
          null,
          userPool.options.Id,
          user,
          code,
          req.ClientMetadata,
          {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: email,
          },
        );
      }
      await userPool.saveUser(ctx, {
        ...user,
        UserStatus: 'RESET_REQUIRED',
        ConfirmationCode: code,
        UserLastModifiedDate: services.clock.get(),
      });
      return {};
    },
};

// cognito-local routes an `x-amz-target` to whatever this table holds (server/Router.js reads it per request).
Object.assign(Targets as unknown as Record<string, unknown>, extraTargets);

// cognito-local's own modules (its keys, its JWT library, its logger), resolved from its package.
const fromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));

/**
 * This machine's signing key in place of the published one. cognito-local reads both halves from two JSON modules of
 * its package each time it signs a token (services/tokenGenerator.js) or serves the JWKS (server/server.js): the
 * loaded objects get this key, so it signs with it and publishes it alone. Its tokens keep their `kid`.
 */
function useSigningKey(file: string | undefined): string {
  if (!file)
    throw new Error('COGNITO_SIGNING_KEY_FILE is not set: the stand-in signs only with a key of this machine.');
  const privateKey = createPrivateKey(readFileSync(file, 'utf8'));
  const publicKey = createPublicKey(privateKey);
  const published = fromCognitoLocal('./lib/keys/cognitoLocal.public.json') as { jwk: { kid: string } };
  const marks = { kid: published.jwk.kid, alg: 'RS256', use: 'sig' };
  Object.assign(fromCognitoLocal('./lib/keys/cognitoLocal.private.json') as object, {
    pem: privateKey.export({ type: 'pkcs1', format: 'pem' }),
    jwk: { ...privateKey.export({ format: 'jwk' }), ...marks },
  });
  Object.assign(published, {
    pem: publicKey.export({ type: 'pkcs1', format: 'pem' }),
    jwk: { ...publicKey.export({ format: 'jwk' }), ...marks },
  });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}
const publicPem = useSigningKey(process.env.COGNITO_SIGNING_KEY_FILE);

const jwt = fromCognitoLocal('jsonwebtoken') as {
  verify(token: string, key: string, options: { algorithms: string[] }): unknown;
};

/** An access token as Cognito checks one: signed by the pool's key, not expired, an access token (not an ID token). */
function checkAccessToken(token: string): void {
  let payload: { token_use?: unknown };
  try {
    payload = jwt.verify(token, publicPem, { algorithms: ['RS256'] }) as { token_use?: unknown };
  } catch (error) {
    throw new NotAuthorizedError(
      (error as Error).name === 'TokenExpiredError' ? 'Access Token has expired' : 'Invalid Access Token',
    );
  }
  if (payload.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
}

type Target = (ctx: Context, req: Record<string, unknown>) => Promise<Record<string, unknown>>;
const targets = Targets as unknown as Record<string, (services: Services) => Target>;
/** Puts `wrap` around cognito-local's target `name`: it gets the services and the original, and answers instead. */
function around(name: string, wrap: (services: Services, original: Target) => Target): void {
  const make = targets[name];
  targets[name] = (services) => wrap(services, make(services));
}
const codeOf = (error: unknown) => (error instanceof CognitoError ? error.code : undefined);

/** A user's reset code tries, one after another, so no two read the same count. */
const oneAtATime = oneAtATimeByKey();

for (const name of Object.keys(targets)) {
  around(name, (_services, original) => async (ctx, req) => {
    if (typeof req?.AccessToken === 'string') checkAccessToken(req.AccessToken);
    return original(ctx, req);
  });
}

around('InitiateAuth', (_services, original) => async (ctx, req) => {
  try {
    return await original(ctx, req);
  } catch (error) {
    const wrong = ['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'];
    if (req?.AuthFlow === 'USER_PASSWORD_AUTH' && wrong.includes(codeOf(error) ?? ''))
      throw new NotAuthorizedError(COGNITO_ANSWERS.wrongSignIn.message);
    throw error;
  }
});

/** Where a code went, as Cognito shows it (`a***@e***`): the same shape for an unknown user, to whom nothing is sent. */
const maskedDelivery = (address: string) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: address.replace(/^(.)[^@]*@(.).*$/s, '$1***@$2***'),
});
around('ForgotPassword', (_services, original) => async (ctx, req) => {
  try {
    const answer = (await original(ctx, req)) as { CodeDeliveryDetails?: { Destination?: string } };
    return { CodeDeliveryDetails: maskedDelivery(answer.CodeDeliveryDetails?.Destination ?? '') };
  } catch (error) {
    if (codeOf(error) === 'UserNotFoundException') return { CodeDeliveryDetails: maskedDelivery(String(req.Username)) };
    throw error;
  }
});

const cognitoError = ({ type, message }: { type: string; message: string }) => new CognitoError(type, message);
/** Tries of a code for a name that has no account, counted as for an account (or the 6th answer would tell). */
const unknownTries = new Map<string, number>();
around('ConfirmForgotPassword', (services, original) => async (ctx, req) => {
  const key = `${String(req?.ClientId)}|${String(req?.Username).trim().toLowerCase()}`;
  return oneAtATime(key, async () => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(req.Username));
    if (!user) {
      const tries = unknownTries.get(key) ?? 0;
      if (tries >= RESET_CODE_TRIES) throw cognitoError(COGNITO_ANSWERS.deadCode);
      if (unknownTries.size >= 10_000) unknownTries.clear();
      unknownTries.set(key, tries + 1);
      throw cognitoError(COGNITO_ANSWERS.wrongCode);
    }
    // Kept on the user record beside the code they were made against: a new code starts again from none.
    const kept = (user as { ConfirmationCodeFailures?: { code?: string; count: number } }).ConfirmationCodeFailures;
    const failures = kept && kept.code === user.ConfirmationCode ? kept.count : 0;
    if (failures >= RESET_CODE_TRIES) throw cognitoError(COGNITO_ANSWERS.deadCode);
    try {
      return await original(ctx, req);
    } catch (error) {
      if (codeOf(error) !== 'CodeMismatchException') throw error;
      const counted = { code: user.ConfirmationCode, count: failures + 1 };
      await userPool.saveUser(ctx, { ...user, ConfirmationCodeFailures: counted } as typeof user);
      throw cognitoError(COGNITO_ANSWERS.wrongCode);
    }
  });
});

// cognito-local's logger, as its start script makes it (its own pino and pino-pretty, resolved from its package).
const pino = fromCognitoLocal('pino') as typeof import('pino').default;
const pretty = fromCognitoLocal('pino-pretty') as (options: Record<string, unknown>) => NodeJS.WritableStream;
const logger = pino(
  { level: process.env.DEBUG ? 'debug' : 'info' },
  pretty({ colorize: true, ignore: 'pid,name,hostname', singleLine: true }),
);

const port = Number(process.env.PORT);
const hostname = process.env.HOST ?? '127.0.0.1';
void createDefaultServer(logger).then(
  ({ application }) =>
    http
      .createServer((req, res) => {
        if (!refusedOffLoopback(req, res, port)) (application as http.RequestListener)(req, res);
      })
      .listen(port, hostname, () => logger.info(`Cognito Local running on http://${hostname}:${port}`)),
  (error: unknown) => {
    logger.error(error);
    process.exit(1);
  },
);
