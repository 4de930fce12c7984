import { startSecretsStandIn, type SecretsStandIn } from '#tests/secrets-manager';
import { forgetSecrets } from './secrets';
import { checkToken, signToken } from './signed-tokens';

const DAY = 24 * 3600 * 1000;

it('a token the shop signed says its subject, until it expires', async () => {
  const token = await signToken('restore', 'checkout-1', new Date(Date.now() + 7 * DAY));
  await expect(checkToken('restore', token)).resolves.toMatchObject({ ok: true, subject: 'checkout-1' });
  await expect(checkToken('restore', token, new Date(Date.now() + 8 * DAY))).resolves.toEqual({
    ok: false,
    reason: 'expired',
  });
});

it('a token without an end date keeps working', async () => {
  const token = await signToken('unsubscribe', 'ada@example.com');
  await expect(checkToken('unsubscribe', token, new Date(Date.now() + 3650 * DAY))).resolves.toEqual({
    ok: true,
    subject: 'ada@example.com',
    expiresAt: null,
  });
});

it('refuses a changed, cut, foreign or other-purpose token as invalid', async () => {
  const token = await signToken('unsubscribe', 'ada@example.com');
  const [payload, signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'bo@example.com' })).toString('base64url');
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
  for (const bad of [
    `${forged}.${signature}`,
    `${payload}.${flipped}`,
    payload,
    `${payload}.`,
    `${token}.x`,
    'x'.repeat(700),
    '',
    'not a token',
  ]) {
    await expect(checkToken('unsubscribe', bad)).resolves.toEqual({ ok: false, reason: 'invalid' });
  }
  // The same subject signed for another purpose is not taken for this one.
  await expect(checkToken('restore', token)).resolves.toEqual({ ok: false, reason: 'invalid' });
});

it('any changed letter of the signature is refused, the last one too (its two unused bits decode to the same bytes)', async () => {
  const token = await signToken('restore', 'checkout-1');
  const [payload, signature] = token.split('.');
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  // The last letter's neighbours in the alphabet share its four used bits: Buffer.from(..., 'base64url') reads them
  // alike.
  const last = letters.indexOf(signature.at(-1)!);
  const sameBytes = letters[last ^ 1];
  expect(Buffer.from(`${signature.slice(0, -1)}${sameBytes}`, 'base64url')).toEqual(
    Buffer.from(signature, 'base64url'),
  );
  for (const changed of [
    `${signature.slice(0, -1)}${sameBytes}`,
    `${letters[(letters.indexOf(signature[0]) + 1) % 64]}${signature.slice(1)}`,
  ]) {
    await expect(checkToken('restore', `${payload}.${changed}`)).resolves.toEqual({ ok: false, reason: 'invalid' });
  }
});

it('a token signed with another key is invalid (a restart keeps the key: npm start stores it in the data folder)', async () => {
  const token = await signToken('restore', 'checkout-1');
  const key = process.env.LINK_SIGNING_KEY;
  process.env.LINK_SIGNING_KEY = 'another-key-another-key-another-key-0123';
  try {
    await expect(checkToken('restore', token)).resolves.toEqual({ ok: false, reason: 'invalid' });
  } finally {
    process.env.LINK_SIGNING_KEY = key;
  }
});

describe('in AWS: the key in Secrets Manager, and a rotation that leaves the links already mailed working', () => {
  const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:LinkSigningSecret-abc';
  const saved = {
    key: process.env.LINK_SIGNING_KEY,
    arn: process.env.LINK_SIGNING_SECRET_ARN,
    endpoint: process.env.SECRETS_MANAGER_ENDPOINT,
  };
  let secrets: SecretsStandIn;
  beforeAll(async () => {
    secrets = await startSecretsStandIn();
    delete process.env.LINK_SIGNING_KEY;
    process.env.LINK_SIGNING_SECRET_ARN = ARN;
    process.env.SECRETS_MANAGER_ENDPOINT = secrets.endpoint;
  });
  afterAll(async () => {
    process.env.LINK_SIGNING_KEY = saved.key;
    if (saved.arn === undefined) delete process.env.LINK_SIGNING_SECRET_ARN;
    else process.env.LINK_SIGNING_SECRET_ARN = saved.arn;
    process.env.SECRETS_MANAGER_ENDPOINT = saved.endpoint;
    forgetSecrets();
    await secrets.stop();
  });

  it('signs with the current value; after a rotation a link signed before it still opens, one from two rotations ago does not', async () => {
    secrets.secrets.set(ARN, 'key-one-key-one-key-one-key-one-0123456');
    forgetSecrets();
    const before = await signToken('unsubscribe', 'ada@example.com');
    await expect(checkToken('unsubscribe', before)).resolves.toMatchObject({ ok: true, subject: 'ada@example.com' });
    // A token the current key signed costs no read of the previous one (a secret never rotated has none).
    expect(secrets.reads).toEqual([ARN]);

    secrets.rotate(ARN, 'key-two-key-two-key-two-key-two-0123456');
    forgetSecrets();
    const after = await signToken('unsubscribe', 'bo@example.com');
    expect(after.split('.')[1]).not.toBe(before.split('.')[1]);
    await expect(checkToken('unsubscribe', before)).resolves.toMatchObject({ ok: true, subject: 'ada@example.com' });
    await expect(checkToken('unsubscribe', after)).resolves.toMatchObject({ ok: true, subject: 'bo@example.com' });
    // Changed or foreign tokens are still refused, whichever key is tried.
    const forged = `${Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'eve@example.com' })).toString('base64url')}.${before.split('.')[1]}`;
    await expect(checkToken('unsubscribe', forged)).resolves.toEqual({ ok: false, reason: 'invalid' });

    secrets.rotate(ARN, 'key-three-key-three-key-three-0123456789');
    forgetSecrets();
    await expect(checkToken('unsubscribe', before)).resolves.toEqual({ ok: false, reason: 'invalid' });
    await expect(checkToken('unsubscribe', after)).resolves.toMatchObject({ ok: true, subject: 'bo@example.com' });
  });
});
