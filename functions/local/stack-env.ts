/**
 * The names of the environment variables the local stack gives the functions it runs in its own process
 * (functions/local/stack.ts), kept in one variable beside them. A process started afterwards inherits them: the
 * browser tests' setup starts a stack inside Jest's main process before Jest starts its workers, so every handler
 * test would run with that stack's origin secret, table and endpoints. `dropInheritedStackEnv` removes them.
 */
export const LOCAL_STACK_ENV = 'LOCAL_STACK_ENV';

export function recordStackEnv(names: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  env[LOCAL_STACK_ENV] = [...new Set([...(env[LOCAL_STACK_ENV]?.split(',') ?? []), ...names])]
    .filter(Boolean)
    .join(',');
}

export function dropInheritedStackEnv(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of env[LOCAL_STACK_ENV]?.split(',') ?? []) if (name) delete env[name];
  delete env[LOCAL_STACK_ENV];
}
