import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { JOBS } from '#shared/jobs';
import { ROUTES } from '#shared/routes';
import { createTable } from '../db/create-table';
import { ADMIN_GROUP } from '#shared/roles';
import { ensureUser, startCognito, type LocalCognito } from './cognito';
import { databaseKeyId, LOCAL_REGION, newAccessKeyId, startDynamo, type LocalDynamo } from './dynamo';
import { recordStackEnv } from './stack-env';
import { startShippingStandIn } from './shipping-stand-in';
import { createGateway } from './gateway';
import { createRateLimiter, rateLimitSwitchFromEnv, type RateLimiterOptions } from './rate-limit';
import type { RateLimitSwitch } from '#shared/rate-limits';
import type { Context, S3Event } from 'aws-lambda';
import { UPLOAD_PREFIX } from '#shared/images';
import { IMPORT_TRIGGERS } from '#shared/catalog-sheet';
import { migrateLegacyImages } from '../domain/images/photos';
import { ensureCatalogIndex } from '../domain/catalog/tag-index';
import { createS3StandIn, storedObjectMeta } from './s3';
import { createSesStandIn } from './ses';
import { seedCatalogue, seedPromoCodes } from './seed';
import { readReminderSettings, saveReminderSettings } from '../domain/reminders/settings';
import { delayText } from '#shared/reminders';
import { AdminConfirmSignUpCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { localCredentials } from '../lib/aws-client';
import { sendMail } from '../lib/mail';
import { siteUrl } from '../lib/site-url';
import { passwordResetMail } from '../triggers/reset-mail';

export interface LocalStackOptions {
  /** Port of the shop (gateway). */
  port: number;
  /** Where the gateway listens (default 127.0.0.1; the other stand-ins always listen on 127.0.0.1). */
  host?: string;
  /**
   * The address the shop is reached under when it is not this machine's (a tunnel, a forwarded port): the gateway
   * also answers to its host, and jobs (no request) link to it. Default: links follow each request's address.
   */
  publicUrl?: string;
  dynamoPort: number;
  cognitoPort: number;
  /** Everything the stack keeps: DynamoDB files, Cognito data, images, mails. */
  dataDir: string;
  webDir: string;
  admin: { email: string; password: string };
  tableName?: string;
  echo?: boolean;
  /** Width of the demo catalogue's drawn photos (default 2400, a phone photo); tests use smaller ones. */
  seedPhotoWidth?: number;
  /** How often the scheduled jobs run (default every minute). */
  jobIntervalMs?: number;
  /**
   * The checkout reminders' delay in minutes (0: off) written to the owner's setting once the shop is ready
   * (REMINDER_DELAY_MINUTES of npm start); unset: the setting stays as the admin left it (default 60).
   */
  reminderDelayMinutes?: number;
  /** Rate limits; by default from RATE_LIMITS (on unless `off`). Tests may inject a clock. */
  rateLimits?: Partial<RateLimitSwitch> & Pick<RateLimiterOptions, 'now'>;
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  /** The access key id that opens the shop's database in DynamoDB Local (kept in the data folder). */
  dynamoAccessKeyId: string;
  /**
   * Settles once the shop is ready: the demo data seeded (the first start; `seeded`), older data migrated, the jobs
   * running. Until then GET /api/health answers 503 `{"ok":false,"starting":"<what it is doing>"}`
   * (docs/decisions/0073). Rejects, with everything stopped, if a step fails.
   */
  ready: Promise<{ seeded: boolean }>;
  cognito: LocalCognito;
  /** The rate limits the gateway enforces. */
  rateLimits: RateLimitSwitch;
  /** Tunnel mode (publicUrl set): the key without which /ses/outbox answers nobody (`/ses/outbox?key=...`). */
  outboxKey?: string;
  stop(): Promise<void>;
}

export const IMAGES_BUCKET = 'shop-images';

/**
 * The demo shop's postal address (the footer of reminders and alerts: CAN-SPAM); SHOP_POSTAL_ADDRESS sets the real one.
 */
export const DEMO_POSTAL_ADDRESS = '12 Harbor Lane, Portland, ME 04101, USA (demo address: set SHOP_POSTAL_ADDRESS)';

/**
 * The key that signs links in mails (restore a cart, unsubscribe; functions/lib/signed-tokens.ts): random, made on
 * the first start and kept in the data folder, so a link mailed before a restart still opens (docs/decisions/0078).
 */
export function linkSigningKey(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const keyFile = path.join(dataDir, 'link-signing-key');
  let key = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
  if (!/^[A-Za-z0-9_-]{43,}$/.test(key)) {
    key = randomBytes(32).toString('base64url');
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  }
  return key;
}

/**
 * The whole shop on one machine: DynamoDB Local, the Cognito stand-in, the image store and the gateway
 * that serves API, config, images and SPA from one origin. Used by `npm start` and by the browser tests.
 * Resolves once the gateway listens (the demo photos go through it); `ready` settles when the shop is ready.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  // "shop-v2": the table layout of docs/decisions/0020; a .data/ from before keeps its old table and seeds anew.
  const tableName = options.tableName ?? 'shop-v2';
  const { now, ...limits } = { ...rateLimitSwitchFromEnv(), ...options.rateLimits };
  const storageDir = path.join(options.dataDir, 's3');
  const imagesBucketDir = path.join(storageDir, IMAGES_BUCKET);
  mkdirSync(imagesBucketDir, { recursive: true });
  const started: { stop(): Promise<void> }[] = [];
  // Keys the functions call the stand-ins with (docs/decisions/0060): DynamoDB Local's names the shop's database
  // and is kept in the data folder; the S3 stand-in's is new on every start.
  const dynamoAccessKeyId = databaseKeyId(path.join(options.dataDir, 'dynamodb'), options.log);
  const standIn = { accessKeyId: newAccessKeyId(), secretAccessKey: randomBytes(32).toString('base64url') };
  const stopAll = async () => {
    await Promise.allSettled(started.reverse().map((part) => part.stop()));
  };
  try {
    const [dynamo, cognito] = await Promise.all([
      startDynamo({
        port: options.dynamoPort,
        accessKeyId: dynamoAccessKeyId,
        dataDir: path.join(options.dataDir, 'dynamodb'),
        echo: options.echo,
      }).then((d: LocalDynamo) => {
        started.push(d);
        return d;
      }),
      startCognito({
        port: options.cognitoPort,
        dataDir: path.join(options.dataDir, 'cognito'),
        echo: options.echo,
      }).then((c) => {
        started.push(c);
        return c;
      }),
    ]);
    // The shipping provider (docs/decisions/0161): EasyPost's own test mode when SHIPPING_API_KEY is set (the same
    // code), else its stand-in on a free loopback port with a key made at this start.
    const shipping = process.env.SHIPPING_API_KEY ? null : await startShippingStandIn();
    if (shipping) started.push(shipping);
    // What the functions call the stand-ins under (server to server); links and upload URLs follow each request.
    const origin = `http://localhost:${options.port}`;
    // CloudFront's secret origin header, played by the gateway: a new value each start (docs/decisions/0066).
    const originSecret = randomBytes(32).toString('base64url');
    const publicUrl = options.publicUrl?.replace(/\/+$/, '');
    // Tunnel mode: the outbox opens only with a key made at this start, which npm start prints (docs/decisions/0090).
    const outboxKey = publicUrl ? randomBytes(24).toString('base64url') : undefined;
    const shippingWebhookSecret = process.env.SHIPPING_WEBHOOK_SECRET ?? randomBytes(24).toString('base64url');
    const stackEnv = {
      ORIGIN_SECRET: originSecret,
      TABLE_NAME: tableName,
      S3_ENDPOINT: `${origin}/s3`,
      SES_ENDPOINT: `${origin}/ses`,
      IMAGES_BUCKET,
      // The page function reads the built SPA's index.html from here (in AWS: from the SPA bucket).
      WEB_DIR: path.resolve(options.webDir),
      SHOP_EMAIL: process.env.SHOP_EMAIL ?? 'shop@example.com',
      MAIL_FROM: process.env.MAIL_FROM ?? 'no-reply@example.com',
      SHOP_POSTAL_ADDRESS: process.env.SHOP_POSTAL_ADDRESS?.trim() || DEMO_POSTAL_ADDRESS,
      LINK_SIGNING_KEY: linkSigningKey(options.dataDir),
      // For what no request asks (the jobs' mails); a request's own links name the address it came in under.
      SITE_URL: publicUrl ?? origin,
      // One region: DynamoDB Local keeps a database per key id and region, and the pool and config say us-east-1.
      AWS_REGION: LOCAL_REGION,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      DYNAMODB_ACCESS_KEY_ID: dynamoAccessKeyId,
      STANDIN_ACCESS_KEY_ID: standIn.accessKeyId,
      STANDIN_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      COGNITO_ISSUER: cognito.issuer,
      COGNITO_CLIENT_ID: cognito.clientId,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? standIn.accessKeyId,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? standIn.secretAccessKey,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      ...(shipping
        ? {
            SHIPPING_API_KEY: shipping.apiKey,
            SHIPPING_API_BASE: shipping.baseUrl,
            SHIPPING_WEBHOOK_SECRET: shippingWebhookSecret,
          }
        : {}),
    };
    // The stand-in's tracking events go to the shop's webhook, signed with the secret the functions check
    // (docs/decisions/0176): `POST <stand-in>/__stand-in/trackers/{id}/advance` moves a parcel on.
    if (shipping) {
      shipping.webhook = { secret: shippingWebhookSecret, url: `${origin}/api/shipping/webhook` };
      options.log?.(
        `Shipping stand-in: ${shipping.baseUrl.replace(/\/v2\/$/, '')} (POST /__stand-in/trackers/{id}/advance)`,
      );
    }
    Object.assign(process.env, stackEnv);
    recordStackEnv([...Object.keys(stackEnv), 'SHOP_STARTING']);
    const raw = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: LOCAL_REGION,
      credentials: localCredentials('dynamodb'),
    });
    await createTable(raw, tableName);
    raw.destroy();
    await ensureUser(cognito, options.admin.email, options.admin.password, [ADMIN_GROUP]);

    // The image pipeline's function, run by the S3 stand-in on every upload as the S3 trigger runs it in AWS.
    type ImageHandler = { handler: (event: S3Event, context: Partial<Context>) => Promise<void> };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded synchronously like the route handlers
    const imageModule = require(path.join(__dirname, '..', 'events', 'process-image.ts')) as ImageHandler;
    const processImage = imageModule.handler;
    // The same function is the catalogue import's job: an import's CSV, an apply's step (docs/decisions/0151).
    const isImportTrigger = (key: string) =>
      IMPORT_TRIGGERS.some((trigger) => key.startsWith(trigger.prefix) && key.endsWith(trigger.suffix));
    const s3 = createS3StandIn(storageDir, {
      credentials: { [standIn.accessKeyId]: standIn.secretAccessKey },
      onObjectCreated: async (event) => {
        const keys = event.Records.map((record) => record.s3.object.key);
        if (keys.every((key) => key.startsWith(UPLOAD_PREFIX) || isImportTrigger(key)))
          await processImage(event, invocation('process-image'));
      },
      onNotificationError: (error, key) => options.log?.(`S3 notification failed on ${key}: ${error.message}`),
    });
    const server = createGateway({
      routes: ROUTES,
      webDir: options.webDir,
      imagesDir: imagesBucketDir,
      imageMeta: (key) => storedObjectMeta(storageDir, IMAGES_BUCKET, key),
      cognitoUrl: cognito.endpoint,
      // API Gateway's JWT authorizer on user and admin routes, as the stack configures it: the pool, the web client.
      authorizer: { issuer: cognito.issuer, audience: [cognito.clientId] },
      publicUrl,
      config: {
        region: 'us-east-1',
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.clientId,
        stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? null,
        paymentMode: process.env.STRIPE_SECRET_KEY && process.env.STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'test',
      },
      cognitoHook: localCognitoTriggers(cognito),
      originSecret,
      mounts: {
        '/s3/': s3,
        '/ses/': createSesStandIn(path.join(options.dataDir, 'outbox'), {
          credentials: { [standIn.accessKeyId]: standIn.secretAccessKey },
          outboxKey,
        }),
      },
      rateLimiter: limits.enabled ? createRateLimiter({ scale: limits.scale, now, log: options.log }) : undefined,
      log: options.log,
    });
    // Listening from here on (the seeding's uploads go through the gateway's S3 stand-in), but not ready.
    setStarting('checking the demo data', options.log);
    await listen(server, options.port, options.host ?? '127.0.0.1');
    started.push({
      stop: async () => {
        await closeServer(server);
        await s3.idle();
      },
    });
    // The scheduled jobs (EventBridge in AWS) run here on a timer once the data is there; loaded now, as the handlers.
    type JobHandler = { handler: (event: undefined, context: Partial<Context>) => Promise<unknown> };
    const jobs = JOBS.map((job) => ({
      job,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the path comes from the job table; synchronous
      run: (require(path.join(__dirname, '..', 'jobs', `${job.handler}.ts`)) as JobHandler).handler,
    }));
    const ready = getReady(options).then(
      (result) => {
        setStarting(undefined, options.log);
        const timer = setInterval(() => {
          for (const { job, run } of jobs)
            run(undefined, invocation(`job ${job.handler}`)).catch((error: Error) =>
              options.log?.(`job ${job.handler} failed: ${error.message}`),
            );
        }, options.jobIntervalMs ?? 60_000);
        timer.unref();
        started.push({ stop: async () => clearInterval(timer) });
        return result;
      },
      async (error: unknown) => {
        await stopAll();
        throw error;
      },
    );
    // A caller that stops the stack before it is ready (a failed test's afterAll) need not await `ready`: its
    // failure against the stopped stand-ins is then nobody's to report, and must not crash the process.
    ready.catch(() => undefined);
    return { url: origin, dynamoAccessKeyId, ready, cognito, rateLimits: limits, outboxKey, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A Lambda context for one local run of a function no route calls (its log lines' function_request_id). */
const invocation = (functionName: string): Partial<Context> => ({
  awsRequestId: randomUUID(),
  functionName,
  getRemainingTimeInMillis: () => 10_000,
});

/**
 * What GET /api/health tells while the stack is not ready (SHOP_STARTING, read by functions/http/system/get-health.ts;
 * never set in AWS); `undefined`: ready.
 */
function setStarting(step: string | undefined, log?: (line: string) => void): void {
  if (step === undefined) {
    delete process.env.SHOP_STARTING;
    return;
  }
  if (process.env.SHOP_STARTING !== step) log?.(`getting ready: ${step}`);
  process.env.SHOP_STARTING = step;
}

/**
 * The steps between listening and ready, each said by /api/health while it runs: the demo promo codes and the demo
 * catalogue (first start only: markers in the table), then the migrations of older data.
 */
async function getReady(options: LocalStackOptions): Promise<{ seeded: boolean }> {
  // Demo promo codes (README "What to try"), once per data dir.
  setStarting('seeding the demo promo codes', options.log);
  if (await seedPromoCodes())
    options.log?.('demo promo codes: WELCOME10 (10% off, once per customer), FREESHIP (free shipping from $50)');
  // The demo catalogue and older pictures go through the same upload path and pipeline as an admin's photos.
  setStarting('checking the demo catalogue', options.log);
  const seeded = await seedCatalogue({
    photoWidth: options.seedPhotoWidth,
    log: options.log,
    progress: (done, total) => setStarting(`seeding the demo catalogue (first start): ${done} of ${total} products`),
  });
  setStarting('moving older product photos into the image pipeline', options.log);
  const migration = await migrateLegacyImages(options.log);
  for (const problem of migration.problems) options.log?.(`image migration: ${problem}`);
  // Data from before the catalogue index gets its entries (once per index version; docs/decisions/0043).
  setStarting('indexing the catalogue', options.log);
  await ensureCatalogIndex(options.log);
  // The owner's reminder delay, when npm start was given one (REMINDER_DELAY_MINUTES): a person trying reminders
  // locally sets a minute and watches /ses/outbox.
  if (options.reminderDelayMinutes !== undefined)
    await saveReminderSettings({ reminderDelayMinutes: options.reminderDelayMinutes });
  options.log?.(
    `checkout reminders: ${delayText((await readReminderSettings()).reminderDelayMinutes)} after the card step`,
  );
  return { seeded };
}

/**
 * What the Cognito triggers do in AWS (functions/triggers): a new account is confirmed with its email marked
 * verified (docs/decisions/0010), and a password-reset code is mailed as a link to /reset-password on the
 * address the reset was asked under (the gateway accepts only this machine's names: no forged Host reaches a mail).
 */
function localCognitoTriggers(cognito: LocalCognito) {
  return (target: string, body: Record<string, unknown>) => {
    const username = typeof body.Username === 'string' ? body.Username.trim() : '';
    if (target === 'SignUp' && username) {
      return async (answer: Record<string, unknown>) => {
        const user = typeof answer.UserSub === 'string' ? answer.UserSub : username;
        const attributes = (body.UserAttributes ?? []) as { Name: string; Value: string }[];
        const email = attributes.find((a) => a.Name === 'email')?.Value ?? username;
        await cognito.client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: user }));
        await cognito.client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: cognito.userPoolId,
            Username: user,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
        // As Cognito answers when a pre-sign-up trigger confirmed the user.
        return { ...answer, UserConfirmed: true, CodeDeliveryDetails: undefined };
      };
    }
    // An address without an account gets Cognito's same answer and no mail (the stand-in prevents existence errors).
    if (target === 'ForgotPassword' && username && cognito.hasUser(username)) {
      const before = cognito.confirmationCode(username);
      const site = siteUrl();
      if (!site) throw new Error('no site address for the reset link (the gateway runs every request with one)');
      return async () => {
        // The stand-in keeps the new code on the user record (its data file); wait for it to be written.
        for (let attempt = 0; attempt < 50; attempt++) {
          const code = cognito.confirmationCode(username);
          if (code && code !== before) return void (await sendMail(passwordResetMail(site, username, code)));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`no reset code appeared for ${username}`);
      };
    }
    return undefined;
  };
}

/** Production build of the SPA into web/dist (Jest sets NODE_ENV=test, which would give React's dev build). */
export async function buildWeb(root: string): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({ configFile: path.join(root, 'web', 'vite.config.mts'), mode: 'production', logLevel: 'error' });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
