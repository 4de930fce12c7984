import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  GroupExistsException,
  UpdateUserPoolClientCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_POLICY } from '#shared/messages';
import { ADMIN_GROUP, TOKEN_LIFETIMES } from '#shared/roles';
import { startChild, waitForPort } from './processes';

export interface LocalCognito {
  endpoint: string;
  /** Token issuer (what the functions verify against). */
  issuer: string;
  userPoolId: string;
  clientId: string;
  client: CognitoIdentityProviderClient;
  /** The confirmation (e.g. password-reset) code the stand-in holds for an email address, if any. */
  confirmationCode(email: string): string | null;
  /** Whether the pool has an account with this email address. */
  hasUser(email: string): boolean;
  stop(): Promise<void>;
}

/** Where the stand-in's signing key is kept: its data folder (under .data/, which git ignores). */
export const signingKeyFile = (dataDir: string) => path.join(dataDir, 'signing-key.pem');

/**
 * The private key the Cognito stand-in whose data lives in `dataDir` signs tokens with (docs/decisions/0089): an RSA
 * key made on the first start and kept in that folder, readable by its owner only; never the key cognito-local ships
 * in its package, which anyone can read and sign an admin's token with.
 */
export function ensureSigningKey(dataDir: string): KeyObject {
  const file = signingKeyFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
  }
  chmodSync(file, 0o600);
  return readSigningKey(dataDir);
}

/** The signing key kept in the stand-in's data folder (`ensureSigningKey` makes it). */
export function readSigningKey(dataDir: string): KeyObject {
  const file = signingKeyFile(dataDir);
  try {
    return createPrivateKey(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(
      `The Cognito stand-in's signing key (${file}) cannot be read: delete the file and start again (a new key is made; everyone signs in again).`,
    );
  }
}

/**
 * Refuses a stand-in whose JWKS (what the functions trust) is not this machine's key alone, or whose key is the one
 * cognito-local publishes: a token anyone can sign would then open the shop.
 */
async function checkJwks(endpoint: string, userPoolId: string, key: KeyObject): Promise<void> {
  const own = createPublicKey(key).export({ format: 'jwk' }).n;
  const published = (
    JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8')) as {
      jwk: { n: string };
    }
  ).jwk.n;
  const answer = await fetch(`${endpoint}/${userPoolId}/.well-known/jwks.json`);
  const { keys } = (await answer.json()) as { keys?: { n?: string }[] };
  if (own === published || keys?.length !== 1 || keys[0].n !== own) {
    throw new Error(
      "The Cognito stand-in does not publish this machine's signing key alone (a cognito-local update?): tokens signed with its published key would open the shop, so it is not started.",
    );
  }
}

/** cognito-local with the admin operations it lacks (cognito-stand-in.ts), compiled on the fly by tsx. */
const START_ARGS = ['--require', require.resolve('tsx/cjs'), path.join(__dirname, 'cognito-stand-in.ts')];

/** cognito-local on 127.0.0.1 with its data under `dataDir`; creates the pool, web client and admin group once. */
export async function startCognito(options: { port: number; dataDir: string; echo?: boolean }): Promise<LocalCognito> {
  const { port, dataDir } = options;
  mkdirSync(path.join(dataDir, '.cognito'), { recursive: true });
  const signingKey = ensureSigningKey(dataDir);
  const endpoint = `http://127.0.0.1:${port}`;
  // Tokens name the issuer domain; keep it equal to where the JWKS is served.
  writeFileSync(
    path.join(dataDir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: endpoint },
        ServerConfig: { port, hostname: '127.0.0.1' },
      },
      null,
      2,
    ),
  );
  const child = startChild('cognito', process.execPath, START_ARGS, {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      COGNITO_SIGNING_KEY_FILE: signingKeyFile(dataDir),
    },
    echo: options.echo,
  });
  try {
    await waitForPort(port, child);
  } catch (error) {
    await child.stop();
    throw error;
  }
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let ids: { userPoolId: string; clientId: string };
  try {
    ids = await ensurePool(client, path.join(dataDir, 'shop-pool.json'));
    await checkJwks(endpoint, ids.userPoolId, signingKey);
  } catch (error) {
    client.destroy();
    await child.stop();
    throw error;
  }
  return {
    endpoint,
    issuer: `${endpoint}/${ids.userPoolId}`,
    ...ids,
    client,
    confirmationCode: (email) => confirmationCodeIn(dataDir, ids.userPoolId, email),
    hasUser: (email) => userIn(dataDir, ids.userPoolId, email) !== undefined,
    stop: async () => {
      client.destroy();
      await child.stop();
    },
  };
}

/**
 * The confirmation (e.g. password-reset) code the stand-in whose data lives in `dataDir` holds for an email
 * address, if any: what its mail carries (the stand-in prints mails to its log and keeps the code on the user).
 */
export function confirmationCodeIn(dataDir: string, userPoolId: string, email: string): string | null {
  return userIn(dataDir, userPoolId, email)?.ConfirmationCode ?? null;
}

/** The stand-in's record of the user with this email address, read from its data file; undefined if none. */
function userIn(dataDir: string, userPoolId: string, email: string) {
  try {
    const pool = JSON.parse(readFileSync(path.join(dataDir, '.cognito', 'db', `${userPoolId}.json`), 'utf8')) as {
      Users?: Record<
        string,
        {
          Attributes?: { Name: string; Value: string }[];
          ConfirmationCode?: string;
        }
      >;
    };
    return Object.values(pool.Users ?? {}).find((u) =>
      u.Attributes?.some((a) => a.Name === 'email' && a.Value.toLowerCase() === email.trim().toLowerCase()),
    );
  } catch {
    return undefined;
  }
}

/** The web client as in AWS: its token lifetimes (the stand-in's own default is 24 hours), no user existence errors. */
const WEB_CLIENT_SETTINGS = {
  AccessTokenValidity: TOKEN_LIFETIMES.accessHours,
  IdTokenValidity: TOKEN_LIFETIMES.idHours,
  RefreshTokenValidity: TOKEN_LIFETIMES.refreshDays,
  TokenValidityUnits: {
    AccessToken: 'hours',
    IdToken: 'hours',
    RefreshToken: 'days',
  },
  // As the AWS web client (infra/lib/auth.ts); the stand-in answers so whatever this says (cognito-stand-in.ts).
  PreventUserExistenceErrors: 'ENABLED',
} as const;

async function ensurePool(
  client: CognitoIdentityProviderClient,
  file: string,
): Promise<{ userPoolId: string; clientId: string }> {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      userPoolId: string;
      clientId: string;
    };
    let found = false;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }));
      found = true;
    } catch {
      // The pool is gone (data removed by hand): create a new one below.
    }
    if (found) {
      // A pool from an earlier start gets today's token lifetimes too.
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: saved.userPoolId,
          ClientId: saved.clientId,
          ...WEB_CLIENT_SETTINGS,
        }),
      );
      return saved;
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'shop-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      ...WEB_CLIENT_SETTINGS,
    }),
  );
  try {
    await client.send(
      new CreateGroupCommand({
        UserPoolId: userPoolId,
        GroupName: ADMIN_GROUP,
      }),
    );
  } catch (error) {
    if (!(error instanceof GroupExistsException)) throw error;
  }
  const ids = { userPoolId, clientId: appClient.UserPoolClient!.ClientId! };
  writeFileSync(file, JSON.stringify(ids, null, 2));
  return ids;
}

/** Creates (or resets) a confirmed user with a permanent password, optionally in the admin group. */
export async function ensureUser(
  cognito: Pick<LocalCognito, 'client' | 'userPoolId'>,
  email: string,
  password: string,
  groups: string[] = [],
): Promise<void> {
  const { client, userPoolId } = cognito;
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  for (const group of groups) {
    await client.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: userPoolId,
        Username: email,
        GroupName: group,
      }),
    );
  }
}
