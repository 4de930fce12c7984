/**
 * `npm start`: builds the SPA, starts the local stand-ins and serves the whole shop on http://localhost:3000. Settings:
 * PORT, HOST (where the shop listens: 127.0.0.1; another address warns), PUBLIC_URL (an address the shop is reached
 * under besides this machine's names: tunnel mode, where the outbox takes a printed key), DYNAMODB_PORT, COGNITO_PORT,
 * DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD, SKIP_WEB_BUILD, STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY (real Stripe test
 * mode instead of the built-in test processor), RATE_LIMITS (on, off, or a number that multiplies every limit;
 * shared/rate-limits.ts), REMINDER_DELAY_MINUTES (the checkout reminders' delay written to the owner's setting at
 * start: 1 to see one arrive, 0 off), SHOP_POSTAL_ADDRESS (the footer of reminders; a demo address otherwise).
 */
import path from 'node:path';
import { isStrongPassword } from '#shared/messages';
import { REMINDER_RULES } from '#shared/reminders';
import { lambdasNodeMajor, nodeNotice } from './lambdas-node';
import { isPortFree, javaMajorVersion } from './processes';
import { rateLimitSwitchFromEnv } from './rate-limit';
import { buildWeb, startLocalStack } from './stack';

const ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_ADMIN = { email: 'admin@example.com', password: 'ShopAdmin1' };

function fail(sentence: string): never {
  console.error(`\n${sentence}\n`);
  process.exit(1);
}

/** Whether HOST keeps the shop on this machine (a loopback address or name). */
const isLoopbackHost = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i.test(host);

/** What a shop listening beyond loopback exposes, said before it starts (docs/decisions/0060). */
function exposureWarning(host: string, port: number, dynamoPort: number): string {
  return `
  WARNING: HOST=${host} makes the shop answer every machine that reaches this one on port ${port}.
  The local stack is a developer's, not a public shop: use it so on a network you trust (a phone beside you), never a public one.
  Anyone who reaches it can browse, create accounts, place orders with test cards, and sign in as the admin with its password.
  Still on this machine only: the mail outbox (/ses/outbox, with reset codes), the Cognito stand-in and its admin calls.
  DynamoDB Local answers on port ${dynamoPort} of every interface whatever HOST says, but opens the shop's data only to the key in
  the data folder (dynamodb/access-key-id); the /s3 stand-in takes only the key chosen at this start.
`;
}

/** What a shop reached through PUBLIC_URL (a tunnel, a forwarded port) shows, and to whom (docs/decisions/0090). */
function tunnelNotice(publicUrl: string): string {
  return `
  PUBLIC_URL=${publicUrl}: whoever reaches that address can browse, create accounts, place orders with test cards
  and try the admin's password (yours: the default one is refused). A tunnel connects from this machine and may name
  localhost, so the shop cannot tell your requests from the internet's: the mail outbox (/ses/outbox, with reset
  codes) opens only with the key printed below once the shop is ready (new at each start), and the SES stand-in
  sends only mail signed with this start's key. The tunnel reaches the shop's port only, not the Cognito stand-in or
  DynamoDB Local.
`;
}

async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const dynamoPort = Number(env.DYNAMODB_PORT ?? 8000);
  const cognitoPort = Number(env.COGNITO_PORT ?? 9229);
  const dataDir = path.resolve(ROOT, env.DATA_DIR ?? '.data');
  const admin = {
    email: env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
    password: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
  };
  const host = env.HOST?.trim() || '127.0.0.1';
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;

  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    fail(`Node.js 20.19 or newer is needed (this is ${process.version}): install it and run npm start again.`);
  const node = nodeNotice(process.version, lambdasNodeMajor(ROOT));
  if (node.warning) console.warn(`\n  ${node.warning}\n`);
  const java = javaMajorVersion();
  if (java === null || java < 17) {
    fail(
      'Java 17 or newer is needed for DynamoDB Local but was not found on PATH: install it (for example `apt-get install -y openjdk-17-jre-headless`) and run npm start again.',
    );
  }
  if (!isStrongPassword(admin.password)) {
    fail(
      'ADMIN_PASSWORD must have at least 8 characters with an uppercase letter, a lowercase letter and a digit: choose another and run npm start again.',
    );
  }
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s?#@]+\/?$/.test(publicUrl)) {
    fail(
      `PUBLIC_URL must be an origin such as http://192.168.1.20:3000 or https://shop.example.dev (got "${publicUrl}"): fix it and run npm start again.`,
    );
  }
  if (publicUrl !== undefined && admin.password === DEFAULT_ADMIN.password) {
    fail(
      `PUBLIC_URL=${publicUrl} would let anyone who reaches that address sign in as the admin with the password everyone knows (${DEFAULT_ADMIN.password}): set ADMIN_PASSWORD too, or leave PUBLIC_URL unset.`,
    );
  }
  if (!isLoopbackHost(host)) {
    if (admin.password === DEFAULT_ADMIN.password) {
      fail(
        `HOST=${host} would let anyone on the network sign in as the admin with the password everyone knows (${DEFAULT_ADMIN.password}): set ADMIN_PASSWORD too, or leave HOST unset.`,
      );
    }
    console.warn(exposureWarning(host, port, dynamoPort));
  }
  if (publicUrl !== undefined) console.warn(tunnelNotice(publicUrl));
  const delay = env.REMINDER_DELAY_MINUTES?.trim();
  const reminderDelayMinutes = delay ? Number(delay) : undefined;
  if (
    reminderDelayMinutes !== undefined &&
    !(
      Number.isInteger(reminderDelayMinutes) &&
      reminderDelayMinutes >= 0 &&
      reminderDelayMinutes <= REMINDER_RULES.maxDelayMinutes
    )
  ) {
    fail(
      `REMINDER_DELAY_MINUTES must be a whole number of minutes from 0 (reminders off) to ${REMINDER_RULES.maxDelayMinutes} (got "${delay}"): fix it and run npm start again.`,
    );
  }
  try {
    rateLimitSwitchFromEnv(env);
  } catch (error) {
    fail(`${(error as Error).message}: fix it and run npm start again.`);
  }
  for (const [name, value] of [
    ['PORT', port],
    ['DYNAMODB_PORT', dynamoPort],
    ['COGNITO_PORT', cognitoPort],
  ] as const) {
    if (!(await isPortFree(value)))
      fail(
        `Port ${value} is already in use: stop what is using it, or start on another port with ${name}=${value + 1} npm start.`,
      );
  }

  if (env.SKIP_WEB_BUILD !== '1') {
    console.log('Building the web app (web/ -> web/dist) ...');
    await buildWeb(ROOT);
  }

  console.log(`Starting DynamoDB Local, the Cognito stand-in and the gateway on Node ${process.version} ...`);
  const stack = await startLocalStack({
    port,
    host,
    publicUrl,
    dynamoPort,
    cognitoPort,
    dataDir,
    webDir: path.join(ROOT, 'web', 'dist'),
    admin,
    reminderDelayMinutes,
    echo: env.DEBUG_STANDINS === '1',
    log: env.QUIET === '1' ? undefined : (line) => console.log(line),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the shop ...`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Listening already (the demo photos go through the gateway), but ready only once the demo data is there: until
  // then GET /api/health answers 503 with what is being done (docs/decisions/0073).
  console.log(
    `Getting ready at ${stack.url} (a first start seeds the demo catalogue: one to two minutes; /api/health answers 503 until the shop is ready) ...`,
  );
  const { seeded } = await stack.ready;

  console.log(`
  The shop is ready at ${stack.url}${publicUrl ? ` (and ${publicUrl})` : ''}${isLoopbackHost(host) ? '' : `, listening on ${host}`}
  ${seeded ? 'Seeded the demo catalogue (first start).' : 'Kept the data from the last start.'}

  Node:            ${node.line}
  Admin account:   ${admin.email}  /  ${admin.password}
  Data folder:     ${path.relative(ROOT, dataDir) || dataDir} (delete it to start from scratch)
  DynamoDB Local:  http://127.0.0.1:${dynamoPort} (opens the shop's data only with the key in ${path.join(path.relative(ROOT, dataDir) || dataDir, 'dynamodb', 'access-key-id')})
  Cognito:         http://127.0.0.1:${cognitoPort} (this machine only)
  Mails sent:      ${stack.outboxKey ? `${stack.url}/ses/outbox?key=${stack.outboxKey} (only with this key, as PUBLIC_URL is set: reset codes are in them; keep the link to yourself)` : `${stack.url}/ses/outbox (this machine only: reset codes are in them)`}
  Cart reminders:  the admin's dashboard sets the delay (REMINDER_DELAY_MINUTES=1 npm start: a reminder a minute after the card step)
  Rate limits:     ${stack.rateLimits.enabled ? `on${stack.rateLimits.scale === 1 ? '' : `, each limit x${stack.rateLimits.scale}`} (RATE_LIMITS=off turns them off)` : 'off (RATE_LIMITS=off)'}
  Payments:        ${env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? 'Stripe test mode' : 'built-in test card processor (4242 4242 4242 4242 succeeds)'}

  Press Ctrl-C to stop.
`);
}

main().catch((error: Error) => {
  console.error(`\nThe shop could not start: ${error.message}\n`);
  process.exit(1);
});
