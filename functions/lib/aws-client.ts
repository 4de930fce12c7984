import { readEnv, type Env } from './env';
import { traced } from './tracing';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What every SDK client here is made with: the region, and for a local stand-in its endpoint and local keys. */
export interface ClientBase {
  region: string;
  endpoint?: string;
  credentials?: Credentials;
}

type LocalKeys = Pick<Env, 'DYNAMODB_ACCESS_KEY_ID' | 'STANDIN_ACCESS_KEY_ID' | 'STANDIN_SECRET_ACCESS_KEY'>;

/**
 * The keys a local stand-in is called with (docs/decisions/0060): `npm start` and the test setup choose them at
 * random and put them in the settings. DynamoDB Local takes the access key id as the name of its database (it
 * ignores the secret); the S3 stand-in checks both. `local` only where nothing chose them (a script run by hand).
 */
export function localCredentials(service: 'dynamodb' | 'standin', env: LocalKeys = process.env): Credentials {
  const secretAccessKey = env.STANDIN_SECRET_ACCESS_KEY ?? 'local';
  return {
    accessKeyId: (service === 'dynamodb' ? env.DYNAMODB_ACCESS_KEY_ID : env.STANDIN_ACCESS_KEY_ID) ?? 'local',
    secretAccessKey,
  };
}

/**
 * One SDK client per region, endpoint and local key, made on first use and reused across invocations. The
 * endpoint comes from the settings (a local stand-in in tests and `npm start`, unset in AWS), read on each call
 * so tests can point a function elsewhere. Mark each call with a `@__PURE__` annotation comment: a function that
 * never uses the client then leaves its SDK out of the bundle (esbuild keeps unmarked top-level calls). In
 * Lambda, with SDK call traces on, each client records its calls in X-Ray (tracing.ts).
 */
export function clientFor<C>(
  endpointOf: (env: Env) => string | undefined,
  make: (base: ClientBase) => C,
  service: 'dynamodb' | 'standin' = 'standin',
): () => C {
  const clients = new Map<string, C>();
  return () => {
    const env = readEnv();
    const endpoint = endpointOf(env);
    const credentials = endpoint ? localCredentials(service, env) : undefined;
    const key = `${env.AWS_REGION}|${endpoint ?? ''}|${credentials ? `${credentials.accessKeyId}|${credentials.secretAccessKey}` : ''}`;
    let client = clients.get(key);
    if (!client) {
      client = traced(make({ region: env.AWS_REGION, ...(endpoint ? { endpoint, credentials } : {}) }));
      clients.set(key, client);
    }
    return client;
  };
}
