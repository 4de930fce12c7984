import { emailOptOuts } from '../../db/entities/email-opt-out';
import { commercialMail } from '../../domain/mail/commercial';
import { hasOptedOut, unsubscribeToken } from '../../domain/mail/opt-outs';
import { sendMail } from '../../lib/mail';
import { invoke, sentMails, useFreshTable } from '#tests/helpers';
import { handler } from './unsubscribe';

beforeAll(async () => {
  await useFreshTable();
  process.env.SITE_URL = 'https://shop.example.com';
});

const post = (query: Record<string, string>, body?: string, headers?: Record<string, string>) =>
  invoke(handler, {
    method: 'POST',
    path: '/api/email-preferences/unsubscribe',
    query,
    ...(body === undefined ? {} : { body }),
    headers,
  });

it("the link's token opts its address out (every spelling of it), once, and says which address, masked", async () => {
  const token = await unsubscribeToken('Ada.Lovelace+shop@Gmail.com');
  const first = await post({ token });
  expect(first).toMatchObject({ status: 200, body: { unsubscribed: true, email: 'ad•••@gmail.com' } });
  const record = await emailOptOuts.get({ email: 'adalovelace@gmail.com' });
  expect(record).toMatchObject({ email: 'adalovelace@gmail.com', via: 'page' });
  await expect(hasOptedOut('adalovelace@googlemail.com')).resolves.toBe(true);
  // Again: the same answer, the first record kept.
  expect((await post({ token })).status).toBe(200);
  expect(await emailOptOuts.get({ email: 'adalovelace@gmail.com' })).toEqual(record);
});

it("a mail client's one-click POST (RFC 8058: form data List-Unsubscribe=One-Click) is honoured and recorded as such", async () => {
  const token = await unsubscribeToken('bo@example.com');
  const answer = await post({ token }, 'List-Unsubscribe=One-Click', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(answer.status).toBe(200);
  expect(await emailOptOuts.get({ email: 'bo@example.com' })).toMatchObject({ via: 'one-click' });
});

it('a changed or cut token is refused with a clear message, and nobody is opted out', async () => {
  const token = await unsubscribeToken('cy@example.com');
  const [payload, signature] = token.split('.');
  const other = Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'dee@example.com' })).toString('base64url');
  for (const bad of [`${other}.${signature}`, `${payload}.${signature.slice(0, -4)}`]) {
    const answer = await post({ token: bad });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('link_invalid');
    expect(answer.body.error.message).toMatch(/not complete or was changed/);
  }
  expect((await post({ token: 'nonsense' })).status).toBe(400);
  expect((await post({})).status).toBe(400);
  await expect(hasOptedOut('cy@example.com')).resolves.toBe(false);
  await expect(hasOptedOut('dee@example.com')).resolves.toBe(false);
});

it('mail a shopper did not ask for says why, carries the one-click link, the postal address and the List-Unsubscribe headers', async () => {
  const made = await commercialMail({
    to: 'ed@example.com',
    subject: 'You left something',
    text: 'Hello',
    reason: 'you left items in your cart.',
  });
  if (!made.ok) throw new Error(made.why);
  await sendMail(made.mail);
  const mail = sentMails().find((sent) => sent.to.includes('ed@example.com'))!;
  expect(mail.text).toContain('Why you got this mail: you left items in your cart.');
  expect(mail.text).toContain('12 Harbor Lane, Portland, ME 04101, USA');
  const link = /https:\/\/shop\.example\.com\/unsubscribe\?token=(\S+)/.exec(mail.text)!;
  expect(mail.headers).toEqual({
    'List-Unsubscribe': `<https://shop.example.com/api/email-preferences/unsubscribe?token=${link[1]}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  // The mail's own link works as the page would call it.
  expect((await post({ token: decodeURIComponent(link[1]) })).body.email).toBe('ed•••@example.com');
  await expect(hasOptedOut('ed@example.com')).resolves.toBe(true);
});

it('without the postal address such a mail is not sendable (CAN-SPAM), and says why', async () => {
  const address = process.env.SHOP_POSTAL_ADDRESS;
  delete process.env.SHOP_POSTAL_ADDRESS;
  try {
    await expect(commercialMail({ to: 'fay@example.com', subject: 's', text: 't', reason: 'r' })).resolves.toEqual({
      ok: false,
      why: expect.stringMatching(/postal address/),
    });
  } finally {
    process.env.SHOP_POSTAL_ADDRESS = address;
  }
});
