import { checkToken, signToken } from './signed-tokens';

const DAY = 24 * 3600 * 1000;

it('a token the shop signed says its subject, until it expires', async () => {
  const token = await signToken('restore', 'checkout-1', new Date(Date.now() + 7 * DAY));
  await expect(checkToken('restore', token)).resolves.toMatchObject({ ok: true, subject: 'checkout-1' });
  await expect(checkToken('restore', token, new Date(Date.now() + 8 * DAY))).resolves.toEqual({ ok: false, reason: 'expired' });
});

it('a token without an end date keeps working', async () => {
  const token = await signToken('unsubscribe', 'ada@example.com');
  await expect(checkToken('unsubscribe', token, new Date(Date.now() + 3650 * DAY))).resolves.toEqual({ ok: true, subject: 'ada@example.com', expiresAt: null });
});

it('refuses a changed, cut, foreign or other-purpose token as invalid', async () => {
  const token = await signToken('unsubscribe', 'ada@example.com');
  const [payload, signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'bo@example.com' })).toString('base64url');
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
  for (const bad of [`${forged}.${signature}`, `${payload}.${flipped}`, payload, `${payload}.`, `${token}.x`, 'x'.repeat(700), '', 'not a token']) {
    await expect(checkToken('unsubscribe', bad)).resolves.toEqual({ ok: false, reason: 'invalid' });
  }
  // The same subject signed for another purpose is not taken for this one.
  await expect(checkToken('restore', token)).resolves.toEqual({ ok: false, reason: 'invalid' });
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
