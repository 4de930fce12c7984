import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_HEADER } from '#shared/origin';

/**
 * The front door (docs/decisions/0066): whether a request came through the shop's own address, CloudFront in AWS
 * (its origin custom header carries the secret of `ORIGIN_SECRET_ARN`), the gateway locally (`ORIGIN_SECRET`, a
 * random value per start). The check is on when either setting is there; infra tests assert that every route's
 * function has the ARN in AWS. Handler tests that call a handler directly set neither, so the check is off there.
 *
 * Rotation without downtime: both the current and the previous value of the secret are accepted, so CloudFront
 * may go on sending the old one until the deploy that gives it the new one has reached every edge location.
 */

/** How long a warm function keeps the values read from Secrets Manager. */
export const ORIGIN_SECRET_KEEP_MS = 15 * 60_000;
/** A value that matches none of those kept makes the function read them again (a rotation), at most this often. */
export const ORIGIN_SECRET_REREAD_MS = 30_000;

interface Kept {
  secretId: string;
  at: number;
  values: Promise<string[]>;
}
let kept: Kept | undefined;

/** Reads the current and previous values now; a failed read is not kept (the next request tries again). */
function read(secretId: string, now: number): Kept {
  // The Secrets Manager client is loaded on first use (as Stripe's SDK, decision 0024): module init stays as it was,
  // and the gateway and handler tests, which never read the secret, never load it.
  const values = import('./secrets')
    .then(({ readSecretStage }) =>
      Promise.all([readSecretStage(secretId, 'AWSCURRENT'), readSecretStage(secretId, 'AWSPREVIOUS')]),
    )
    .then((found) => found.filter((value): value is string => typeof value === 'string' && value !== ''));
  const entry = { secretId, at: now, values };
  kept = entry;
  values.catch(() => {
    if (kept === entry) kept = undefined;
  });
  return entry;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Compared as digests of equal length, in constant time: the answer's timing tells nothing of the secret. */
const matches = (presented: string, values: readonly string[]) => {
  const given = digest(presented);
  return values.reduce((found, value) => timingSafeEqual(given, digest(value)) || found, false);
};

export async function cameThroughFrontDoor(
  headers: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
): Promise<boolean> {
  const local = env.ORIGIN_SECRET;
  const secretId = env.ORIGIN_SECRET_ARN;
  if (!local && !secretId) return true;
  const presented = headers[ORIGIN_HEADER];
  // No header, no work: a request straight at the API's own URL costs no Secrets Manager call.
  if (!presented) return false;
  if (local) return matches(presented, [local]);
  if (!secretId) return false;
  const current = () => (kept?.secretId === secretId ? kept : undefined);
  let entry = current();
  if (!entry || now - entry.at >= ORIGIN_SECRET_KEEP_MS) entry = read(secretId, now);
  if (matches(presented, await entry.values)) return true;
  // Perhaps the secret was rotated after the values were read: read them again, at most every 30 seconds.
  const latest = current();
  if (latest && now - latest.at < ORIGIN_SECRET_REREAD_MS)
    return latest !== entry && matches(presented, await latest.values);
  return matches(presented, await read(secretId, now).values);
}

/** Forgets the values read (tests). */
export function forgetOriginSecret(): void {
  kept = undefined;
}
