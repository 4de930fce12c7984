import { createSignInLockout, SIGN_IN_LOCKOUT } from './cognito-rules';

/** Cognito's lockout arithmetic, on a clock the test moves. */
let time = 0;
const lockout = () => createSignInLockout(() => time);

test('the first 4 failures lock nothing; the 5th locks for 1 second, and each failure after a lock doubles it up to 15 minutes', () => {
  const accounts = lockout();
  for (let i = 0; i < 4; i++) {
    accounts.failed('ada@example.com');
    expect(accounts.lockedFor('ada@example.com')).toBe(0);
  }
  const locks: number[] = [];
  for (let failure = 5; failure <= 17; failure++) {
    accounts.failed('ada@example.com');
    const lock = accounts.lockedFor('ada@example.com');
    locks.push(lock / 1000);
    // A try just before the lock ends is refused (and keeps the count: the try is not 15 minutes after the last).
    time += lock - 1;
    expect(accounts.lockedFor('ada@example.com')).toBe(1);
    time += 1;
    expect(accounts.lockedFor('ada@example.com')).toBe(0);
  }
  expect(locks).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  expect(SIGN_IN_LOCKOUT.maxLockSeconds).toBe(900);
});

test('one account per name, whatever its case and spaces; another account is not locked', () => {
  const accounts = lockout();
  for (let i = 0; i < 5; i++) accounts.failed(i % 2 ? ' Ada@Example.com' : 'ada@example.com');
  expect(accounts.lockedFor('ADA@example.com ')).toBe(1000);
  expect(accounts.lockedFor('bob@example.com')).toBe(0);
});

test('a sign-in clears the count; so do 15 minutes without a try, but a try while locked counts as a try', () => {
  const accounts = lockout();
  for (let i = 0; i < 5; i++) accounts.failed('ada@example.com');
  time += 1000;
  accounts.succeeded('ada@example.com');
  accounts.failed('ada@example.com');
  expect(accounts.lockedFor('ada@example.com')).toBe(0);

  for (let i = 0; i < 5; i++) accounts.failed('bob@example.com');
  // Tried again at 14 minutes: the 15 minutes start again from there.
  time += 14 * 60_000;
  expect(accounts.lockedFor('bob@example.com')).toBe(0);
  time += 14 * 60_000;
  accounts.failed('bob@example.com');
  expect(accounts.lockedFor('bob@example.com')).toBe(2000);
  time += 15 * 60_000;
  accounts.failed('bob@example.com');
  expect(accounts.lockedFor('bob@example.com')).toBe(0);
});
