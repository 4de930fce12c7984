import { ORIGIN_HEADER } from '#shared/origin';
import { startSecretsStandIn, type SecretsStandIn } from '#tests/secrets-manager';
import { cameThroughFrontDoor, forgetOriginSecret, ORIGIN_SECRET_KEEP_MS, ORIGIN_SECRET_REREAD_MS } from './origin';

/**
 * The front door's secret in AWS (docs/decisions/0066): read from Secrets Manager (here its stand-in), current and
 * previous values accepted, so a rotation needs no downtime; a request without the header costs no read.
 */
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginSecret-abc';
let secrets: SecretsStandIn;
const endpoint = process.env.SECRETS_MANAGER_ENDPOINT;
const inAws = { ORIGIN_SECRET_ARN: ARN } as NodeJS.ProcessEnv;
const asks = (value: string | undefined, now: number, env = inAws) =>
  cameThroughFrontDoor(value === undefined ? {} : { [ORIGIN_HEADER]: value }, env, now);

beforeAll(async () => {
  secrets = await startSecretsStandIn();
  process.env.SECRETS_MANAGER_ENDPOINT = secrets.endpoint;
});
afterAll(async () => {
  process.env.SECRETS_MANAGER_ENDPOINT = endpoint;
  await secrets.stop();
});
beforeEach(() => {
  forgetOriginSecret();
  secrets.secrets.clear();
  secrets.previous.clear();
  secrets.reads.length = 0;
});

test('off when no secret is configured (handler tests); locally the gateway value, compared exactly', async () => {
  expect(await asks(undefined, 0, {})).toBe(true);
  const local = { ORIGIN_SECRET: 'local-value' } as NodeJS.ProcessEnv;
  expect(await asks('local-value', 0, local)).toBe(true);
  for (const wrong of [undefined, '', 'local-valu', 'local-value ', 'LOCAL-VALUE'])
    expect(await asks(wrong, 0, local)).toBe(false);
  expect(secrets.reads).toEqual([]);
});

test('no header: refused without a Secrets Manager read; the current value accepted, read once and kept', async () => {
  secrets.secrets.set(ARN, 'v1');
  expect(await asks(undefined, 0)).toBe(false);
  expect(secrets.reads).toEqual([]);
  expect(await asks('v1', 0)).toBe(true);
  // AWSCURRENT and AWSPREVIOUS (none yet: a secret never rotated has none, and that is kept too).
  expect(secrets.reads).toEqual([ARN, ARN]);
  for (let i = 1; i <= 5; i++) expect(await asks('v1', i * 1000)).toBe(true);
  expect(await asks('guess', 40_000)).toBe(false);
  expect(await asks('guess', 50_000)).toBe(false);
  // One re-read for the unknown value (after 30 s), none for the second within 30 s of it.
  expect(secrets.reads).toHaveLength(4);
});

test('a rotation without downtime: the old value (now previous) and the new one are both accepted, an older one not', async () => {
  secrets.secrets.set(ARN, 'v1');
  expect(await asks('v1', 0)).toBe(true);
  secrets.rotate(ARN, 'v2');
  // CloudFront still sends v1 until the deploy that gives it v2 has reached every edge: accepted throughout.
  expect(await asks('v1', 1000)).toBe(true);
  // v2 is unknown to the values kept; a read younger than 30 s is not repeated, then it is, and v2 is accepted.
  expect(await asks('v2', ORIGIN_SECRET_REREAD_MS - 1)).toBe(false);
  expect(await asks('v2', ORIGIN_SECRET_REREAD_MS)).toBe(true);
  expect(await asks('v1', ORIGIN_SECRET_REREAD_MS + 1)).toBe(true);
  // The next rotation retires v1: refused once the function has read the values again.
  secrets.rotate(ARN, 'v3');
  const later = ORIGIN_SECRET_REREAD_MS + ORIGIN_SECRET_KEEP_MS;
  expect(await asks('v1', later)).toBe(false);
  expect(await asks('v2', later + 1)).toBe(true);
  expect(await asks('v3', later + 2)).toBe(true);
});

test('a failed read answers no request as allowed and is not kept: the next request reads again', async () => {
  await expect(asks('v1', 0)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  secrets.secrets.set(ARN, 'v1');
  expect(await asks('v1', 1)).toBe(true);
});
