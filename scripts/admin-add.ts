/**
 * Makes someone an admin of a deployed shop: `npm run admin:add -- someone@example.com [--stage prod]`.
 *
 * Admin rights go only to an account whose password the operator set or reset (docs/decisions/0065): anyone can
 * sign up with any address (the pre-sign-up trigger marks it verified, 0010), so an existing account's password
 * may be a stranger's. Such an account is reset before it joins the group: its password stops working, every
 * session is signed out (refresh tokens revoked), and Cognito mails a reset code to the address, so only whoever
 * reads that mailbox chooses the new password. A new account is created with a random password nobody knows and
 * gets the same kind of mail (the shop's custom-message trigger turns it into a link to /reset-password).
 * Running it again for an admin changes nothing. Why a reset link and not Cognito's invitation: 0017.
 *
 * The user pool: --user-pool-id (or USER_POOL_ID), else the `UserPoolId` output of the stack `Shop-<stage>`.
 * --endpoint (or COGNITO_ENDPOINT) points it at another Cognito. --local: the Cognito stand-in of `npm start` on this
 * machine (COGNITO_PORT, and the pool `npm start` saved under DATA_DIR); a stand-in mails nothing, so the script then
 * says how the new admin chooses a password instead (the shop's "Forgot Password?", mailed to /ses/outbox).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_GROUP } from '../shared/roles';

export interface AddAdminOptions {
  userPoolId: string;
  /** The web client: with it the script has Cognito mail the password link (ForgotPassword needs a client). */
  clientId?: string;
  email: string;
  /** Also for an account that is an admin already: reset its password, sign it out everywhere, mail the reset link. */
  resetPassword?: boolean;
  /**
   * `false` for a Cognito that mails nothing (a local stand-in): no password link is asked for, and the script says
   * how the person chooses a password instead of claiming a mail went out.
   */
  mails?: boolean;
  log?: (line: string) => void;
}

export interface AddAdminResult {
  /** The account did not exist and was created. */
  created: boolean;
  /** The account was not in the admin group and was added. */
  addedToGroup: boolean;
  /** Where Cognito sent the password link (masked by Cognito for a new account), when it did. */
  mailedTo?: string;
  /** Present (true) when an existing account's password was reset and every session of it signed out. */
  passwordReset?: true;
  /** The account's status afterwards, as Cognito reports it (CONFIRMED, RESET_REQUIRED, ...). */
  status?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class AdminAddError extends Error {
  override name = 'AdminAddError';
}

/** A password nobody knows that still meets the pool's rule (upper, lower, digit, 8+ characters). */
function unknownPassword(): string {
  return `${randomBytes(24).toString('base64url')}Aa1`;
}

async function getUser(client: CognitoIdentityProviderClient, userPoolId: string, email: string) {
  try {
    return await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** What a person does to choose a password when the Cognito in use mails nothing (a local stand-in). */
export const CHOOSE_PASSWORD_LOCALLY = (email: string) =>
  `This Cognito (a local stand-in) mails nothing: ${email} chooses a password with "Forgot Password?" on the shop's sign-in page, whose link the shop mails to /ses/outbox.`;

/**
 * Adds `email` to the admin group, creating the account if needed. An existing account that is not an admin yet
 * (or any, with `resetPassword`) is reset first: see the file's comment. Idempotent for an admin.
 */
export async function addAdmin(
  client: CognitoIdentityProviderClient,
  options: AddAdminOptions,
): Promise<AddAdminResult> {
  const log = options.log ?? (() => undefined);
  const email = options.email.trim();
  if (!EMAIL.test(email))
    throw new AdminAddError(
      `"${options.email}" is not an email address. Usage: npm run admin:add -- someone@example.com`,
    );
  const { userPoolId } = options;

  const existing = await getUser(client, userPoolId, email);
  const created = !existing;
  // The account's own user name (its sub in a pool that signs in by email): Cognito resolves the address too,
  // but the canonical name works with every admin call (and with stand-ins that do not resolve aliases).
  let username = existing?.Username;
  if (!existing) {
    const answer = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        // No invitation with a temporary password: the shop's sign-in page has no "new password" step.
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    username = answer.User?.Username;
    log(`Created the account ${email} (email verified) in user pool ${userPoolId}.`);
  } else {
    log(`${email} already has an account (${existing.UserStatus ?? 'status unknown'}).`);
  }
  username ??= email;
  const groups = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username }));
  const isAdmin = (groups.Groups ?? []).some((group) => group.GroupName === ADMIN_GROUP);

  let mailedTo: string | undefined;
  let passwordReset: true | undefined;
  if (created) {
    // A confirmed account with a password nobody knows: the reset link below is the way in.
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: username,
        Password: unknownPassword(),
        Permanent: true,
      }),
    );
  } else if (!isAdmin || options.resetPassword) {
    // Before the group, so no token the account holds or refreshes ever carries it with the old password.
    mailedTo = await resetAndSignOut(client, userPoolId, username, email, existing, log, options.mails !== false);
    passwordReset = true;
  }

  if (!isAdmin) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMIN_GROUP }),
    );
    log(`Added ${email} to the "${ADMIN_GROUP}" group.`);
  } else {
    log(`${email} is already in the "${ADMIN_GROUP}" group.`);
  }

  if (created) {
    if (options.mails === false) {
      log(CHOOSE_PASSWORD_LOCALLY(email));
    } else if (options.clientId) {
      const answer = await client.send(new ForgotPasswordCommand({ ClientId: options.clientId, Username: email }));
      mailedTo = answer.CodeDeliveryDetails?.Destination ?? email;
      log(
        `Cognito mailed a password link to ${mailedTo}: it opens the shop's /reset-password page, where they choose a password.`,
      );
    } else {
      log(`No web client id: ask ${email} to choose a password with "Forgot Password?" on the shop's sign-in page.`);
    }
  } else if (!passwordReset && existing?.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    log(
      `${email} still has a temporary password from an invitation, which the shop's sign-in page cannot complete: run again with --reset-password to mail a reset link instead.`,
    );
  }

  const after = await getUser(client, userPoolId, username);
  return {
    created,
    addedToGroup: !isAdmin,
    mailedTo,
    ...(passwordReset ? { passwordReset } : {}),
    status: after?.UserStatus,
  };
}

/**
 * An existing account's password is reset: the old one stops signing in (Cognito answers "password reset
 * required"), every refresh token is revoked (AdminUserGlobalSignOut), and Cognito mails a reset code to the
 * address (the custom-message trigger makes it a link to /reset-password). Only the mailbox's owner can then
 * choose a password. An address not marked verified is marked first, so Cognito sends the code there: the code
 * proves the mailbox, whoever opened the account. Returns where the code went.
 */
async function resetAndSignOut(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  username: string,
  email: string,
  user: NonNullable<Awaited<ReturnType<typeof getUser>>>,
  log: (line: string) => void,
  mails: boolean,
): Promise<string | undefined> {
  const attribute = (name: string) => user.UserAttributes?.find((entry) => entry.Name === name)?.Value;
  const address = attribute('email') ?? email;
  if (attribute('email_verified') !== 'true') {
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: address },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
  await client.send(new AdminResetUserPasswordCommand({ UserPoolId: userPoolId, Username: username }));
  await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
  log(
    `Reset the password of ${email}: an admin's password must be one the operator set or reset, and anyone could have opened this account with that address. Its old password no longer signs in.`,
  );
  log(
    `Signed out every session of ${email}: its refresh tokens are revoked (an access token already issued lasts at most an hour and carries no admin group).`,
  );
  if (!mails) {
    log(CHOOSE_PASSWORD_LOCALLY(address));
    return undefined;
  }
  log(
    `Cognito mailed a reset code to ${address}, as a link to the shop's /reset-password page: whoever reads that mailbox chooses the new password. Tell the new admin to expect it.`,
  );
  return address;
}

export interface PoolIds {
  userPoolId: string;
  clientId?: string;
}

/** Reads the outputs of a CloudFormation stack (name -> value), or null when the stack does not exist. */
export type StackOutputsReader = (stackName: string) => Promise<Record<string, string> | null>;

/** The pool to use: an explicit id (option or USER_POOL_ID), else the outputs of the stack `Shop-<stage>`. */
export async function resolvePool(
  options: { userPoolId?: string; clientId?: string; stage?: string; env?: NodeJS.ProcessEnv },
  readOutputs: StackOutputsReader,
): Promise<PoolIds> {
  const env = options.env ?? process.env;
  const userPoolId = options.userPoolId ?? env.USER_POOL_ID;
  const clientId = options.clientId ?? env.USER_POOL_CLIENT_ID;
  if (userPoolId) return { userPoolId, clientId };
  const stage = options.stage ?? 'dev';
  const stackName = `Shop-${stage}`;
  const outputs = await readOutputs(stackName);
  if (!outputs) {
    throw new AdminAddError(
      `There is no stack ${stackName} in this account and region. Deploy it first (npx cdk deploy -c stage=${stage}), pass --stage, --region, or --user-pool-id.`,
    );
  }
  if (!outputs.UserPoolId)
    throw new AdminAddError(`The stack ${stackName} has no UserPoolId output: is it the shop's stack?`);
  return { userPoolId: outputs.UserPoolId, clientId: clientId ?? outputs.UserPoolClientId };
}

export interface CliOptions {
  email: string;
  stage?: string;
  userPoolId?: string;
  clientId?: string;
  region?: string;
  endpoint?: string;
  /** The Cognito stand-in of `npm start` on this machine, and the pool it saved. */
  local: boolean;
  resetPassword: boolean;
}

export const USAGE =
  'Usage: npm run admin:add -- someone@example.com [--stage dev] [--region us-east-1] [--user-pool-id <id> [--client-id <id>]] [--endpoint <url> | --local] [--reset-password]';

export function parseCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        stage: { type: 'string' },
        'user-pool-id': { type: 'string' },
        'client-id': { type: 'string' },
        region: { type: 'string' },
        endpoint: { type: 'string' },
        local: { type: 'boolean', default: false },
        'reset-password': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new AdminAddError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new AdminAddError(`Give exactly one email address.\n${USAGE}`);
  return {
    email: positionals[0],
    stage: values.stage,
    userPoolId: values['user-pool-id'],
    clientId: values['client-id'],
    region: values.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION,
    endpoint: values.local
      ? `http://127.0.0.1:${env.COGNITO_PORT ?? '9229'}`
      : (values.endpoint ?? env.COGNITO_ENDPOINT),
    local: values.local ?? false,
    resetPassword: values['reset-password'] ?? false,
  };
}

/** The pool `npm start` made and saved (functions/local/cognito.ts), for --local. */
export function localPool(env: NodeJS.ProcessEnv = process.env): PoolIds {
  const file = path.resolve(env.DATA_DIR ?? '.data', 'cognito', 'shop-pool.json');
  if (!existsSync(file))
    throw new AdminAddError(`There is no local user pool yet (${file}): start the shop first with npm start.`);
  return JSON.parse(readFileSync(file, 'utf8')) as PoolIds;
}

async function main(): Promise<void> {
  const parsed = parseCli(process.argv.slice(2));
  const cli = parsed.local ? { ...parsed, ...localPool() } : parsed;
  const local = cli.endpoint
    ? {
        endpoint: cli.endpoint,
        region: cli.region ?? 'us-east-1',
        ...(process.env.AWS_ACCESS_KEY_ID ? {} : { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      }
    : {};
  const client = new CognitoIdentityProviderClient({ ...(cli.region ? { region: cli.region } : {}), ...local });
  const pool = await resolvePool(
    { userPoolId: cli.userPoolId, clientId: cli.clientId, stage: cli.stage },
    async (stackName) => {
      if (cli.endpoint)
        throw new AdminAddError(
          'With --endpoint, give the pool with --user-pool-id (and --client-id to mail the password link).',
        );
      const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
      const cloudFormation = new CloudFormationClient(cli.region ? { region: cli.region } : {});
      try {
        const answer = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
        const outputs = answer.Stacks?.[0]?.Outputs ?? [];
        return Object.fromEntries(outputs.map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']));
      } catch (error) {
        if (/does not exist/.test((error as Error).message)) return null;
        throw error;
      } finally {
        cloudFormation.destroy();
      }
    },
  );
  try {
    const result = await addAdmin(client, {
      ...pool,
      email: cli.email,
      resetPassword: cli.resetPassword,
      mails: !cli.local,
      log: (line) => console.log(line),
    });
    console.log(
      result.created || result.addedToGroup || result.mailedTo
        ? `Done: ${cli.email} is an admin.`
        : `Nothing to do: ${cli.email} was an admin already.`,
    );
  } finally {
    client.destroy();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error instanceof AdminAddError ? error.message : `admin:add failed: ${error.name}: ${error.message}`);
    process.exitCode = 1;
  });
}
