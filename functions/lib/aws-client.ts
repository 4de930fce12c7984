import { readEnv, type Env } from './env';
import { traced } from './tracing';

/** What every SDK client here is made with: the region, and for a local stand-in its endpoint and dummy keys. */
export interface ClientBase {
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * One SDK client per region and endpoint, made on first use and reused across invocations. The endpoint comes
 * from the settings (a local stand-in in tests and `npm start`, unset in AWS), read on each call so tests can
 * point a function elsewhere. Mark each call with a `@__PURE__` annotation comment: a function that never uses
 * the client then leaves its SDK out of the bundle (esbuild keeps unmarked top-level calls). In Lambda, with SDK
 * call traces on, each client records its calls in X-Ray (tracing.ts).
 */
export function clientFor<C>(endpointOf: (env: Env) => string | undefined, make: (base: ClientBase) => C): () => C {
  const clients = new Map<string, C>();
  return () => {
    const env = readEnv();
    const endpoint = endpointOf(env);
    const key = `${env.AWS_REGION}|${endpoint ?? ''}`;
    let client = clients.get(key);
    if (!client) {
      client = traced(make({ region: env.AWS_REGION, ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}) }));
      clients.set(key, client);
    }
    return client;
  };
}
