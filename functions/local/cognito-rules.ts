/**
 * How the shop's user pool in AWS answers where cognito-local does not (docs/decisions/0091): the Cognito stand-in
 * (cognito-stand-in.ts) and the gateway's /cognito door (gateway-cognito.ts) follow these, and the tests read them.
 * From Cognito's developer guide ("Managing user existence error responses", "Lockout behavior for failed sign-in
 * attempts") and its API reference (ConfirmForgotPassword's errors).
 */
export const COGNITO_ANSWERS = {
  /** A sign-in with an unknown user or a wrong password: one answer, as the web client prevents existence errors. */
  wrongSignIn: { type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
  /** Any sign-in, right or wrong, while the account is locked. */
  locked: { type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
  /** A wrong reset code (or a code for an unknown user). */
  wrongCode: { type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' },
  /** Any try of a reset code that took its wrong tries already, until a new code is sent. */
  deadCode: { type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' },
} as const;

/** Wrong tries a reset code takes; the next try of that code, right or wrong, is refused (deadCode). */
export const RESET_CODE_TRIES = 5;

/**
 * Cognito's lockout: after 5 failed sign-ins the account is locked for 1 second, and each further failure doubles it
 * (n failures: 2^(n-5) seconds) up to about 15 minutes. Tries while locked are refused without counting. A sign-in
 * after the lock ends clears the count; so do 15 minutes without a try.
 */
export const SIGN_IN_LOCKOUT = { freeFailures: 5, maxLockSeconds: 900, forgetAfterSeconds: 900 } as const;

export interface SignInLockout {
  /** Milliseconds the account is still locked for (0: a sign-in may be tried); a try while locked is a try too. */
  lockedFor(username: string): number;
  /** A sign-in of the account failed (wrong password, or no such user). */
  failed(username: string): void;
  /** A sign-in of the account succeeded: the count starts again. */
  succeeded(username: string): void;
  /** Runs one account's sign-ins one after another, so parallel guesses are counted as sequential ones. */
  oneAtATime<T>(username: string, run: () => Promise<T>): Promise<T>;
}

/** Runs the calls given for one key one after another (the next starts when the last settled), any number of keys. */
export function oneAtATimeByKey(): <T>(key: string, run: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>();
  return (key, run) => {
    const next = (queues.get(key) ?? Promise.resolve()).then(run, run);
    const settled = next.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return next;
  };
}

/** Cognito's lockout, per account name (trimmed, lower case), on a clock a test can move. */
export function createSignInLockout(now: () => number = Date.now): SignInLockout {
  const accounts = new Map<string, { failures: number; lockedUntil: number; lastTry: number }>();
  const queue = oneAtATimeByKey();
  const keyOf = (username: string) => username.trim().toLowerCase();
  const forgetAfter = SIGN_IN_LOCKOUT.forgetAfterSeconds * 1000;
  /** The account's state, or undefined when it has none or has had no try for 15 minutes. */
  const current = (key: string) => {
    const state = accounts.get(key);
    if (state && now() - state.lastTry >= forgetAfter) accounts.delete(key);
    return accounts.get(key);
  };
  const prune = () => {
    if (accounts.size < 10_000) return;
    for (const [key, state] of accounts) if (now() - state.lastTry >= forgetAfter) accounts.delete(key);
  };
  return {
    lockedFor(username) {
      const state = current(keyOf(username));
      if (!state) return 0;
      state.lastTry = now();
      return Math.max(0, state.lockedUntil - now());
    },
    failed(username) {
      const key = keyOf(username);
      prune();
      const state = current(key) ?? { failures: 0, lockedUntil: 0, lastTry: now() };
      state.failures += 1;
      state.lastTry = now();
      if (state.failures >= SIGN_IN_LOCKOUT.freeFailures) {
        const seconds = Math.min(2 ** (state.failures - SIGN_IN_LOCKOUT.freeFailures), SIGN_IN_LOCKOUT.maxLockSeconds);
        state.lockedUntil = now() + seconds * 1000;
      }
      accounts.set(key, state);
    },
    succeeded(username) {
      accounts.delete(keyOf(username));
    },
    oneAtATime: (username, run) => queue(keyOf(username), run),
  };
}
