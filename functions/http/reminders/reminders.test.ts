import { randomUUID } from 'node:crypto';
import { CHECKOUT_REMINDER } from '#shared/reminders';
import { checkouts } from '../../db/entities/checkout';
import { products } from '../../db/entities/product';
import { getDelivery, sweepDeliveries } from '../../domain/mail/deliveries';
import { unsubscribeToken } from '../../domain/mail/opt-outs';
import { COMPOSERS } from '../../jobs/send-mails';
import { sendMail } from '../../lib/mail';
import { signToken } from '../../lib/signed-tokens';
import { address, guestIntent, pay, recordGuest } from '#tests/checkout';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { faultySes, withSesAt } from '#tests/ses-faults';
import { handler as getDashboard } from '../admin/get-dashboard';
import { handler as unsubscribe } from '../email-preferences/unsubscribe';
import { handler as restoreCart } from './restore-cart';
import { handler as saveSettings } from './save-settings';
import { until } from '#tests/until';

// The real sendMail, which one test makes hang after SES took the mail (the function dies between the send and the
// record).
jest.mock('../../lib/mail', () => {
  const actual = jest.requireActual<typeof import('../../lib/mail')>('../../lib/mail');
  return { ...actual, sendMail: jest.fn(actual.sendMail) };
});
const realSendMail = jest.requireActual<typeof import('../../lib/mail')>('../../lib/mail').sendMail;

/**
 * Abandoned-checkout reminders (issue 27 items 1-4), against DynamoDB Local and the SES stand-in: the send-mails job's
 * sweep with its composers, handed a later `now` to move time. Each test has its own table and shopper address.
 */
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const sweep = (at: Date) => sweepDeliveries(at, { compose: COMPOSERS });
const remindersTo = (email: string) =>
  sentMails().filter((mail) => mail.to.includes(email) && mail.subject === 'Your cart is waiting for you');
const restoreLinkOf = (text: string) =>
  new URL(/https?:\/\/\S+\/cart\/restore\?\S+/.exec(text)![0]).searchParams.get('token')!;
const restore = (token: string) =>
  invoke(restoreCart, { method: 'POST', path: '/api/reminders/restore', body: { token } });
const reminderOf = (checkoutId: string) => getDelivery(CHECKOUT_REMINDER, checkoutId);
const candle = [{ id: 'candle', size: 'CANDLE', quantity: 2 }];

let admin: string;
let shopper: string;
beforeAll(async () => {
  admin = (await signInNewUser({ admin: true })).token;
  process.env.SITE_URL = 'https://shop.example.com';
});
beforeEach(async () => {
  await useFreshTable();
  shopper = `ada-${randomUUID().slice(0, 8)}@example.com`;
  await products.create({
    id: 'candle',
    name: 'Harvest Candle',
    image: '/images/c.jpg',
    description: 'd',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: 10 },
  });
  await products.create({
    id: 'mug',
    name: 'Snow Tumbler',
    image: '/images/m.jpg',
    description: 'd',
    price: 2500,
    tag: 'tumblers',
    stock: { '16oz': 1, '20oz': 0, '24oz': 0 },
  });
});

/** A guest who reached the card step with `cart` and left: the checkout's answer. */
async function leftAtCardStep(cart: unknown[] = candle, email = shopper) {
  const intent = await guestIntent({ cart, shippingAddress: { ...address, email } });
  if (intent.status !== 200) throw new Error(JSON.stringify(intent.body));
  return intent.body as {
    checkoutId: string;
    checkoutSecret: string;
    clientSecret: string;
    paymentIntentId: string;
  };
}

it('one reminder after the delay, with the cart as it is now (photo, name, size, quantity, price), the restore link, why, unsubscribe and the postal address; never a second', async () => {
  const { checkoutId } = await leftAtCardStep([...candle, { id: 'mug', size: '16oz', quantity: 1 }]);
  expect(await reminderOf(checkoutId)).toMatchObject({ status: 'pending', attempts: 0 });
  expect(await sweep(later(59))).toEqual({ sent: 0, refused: 0, stalled: 0 });
  expect(remindersTo(shopper)).toHaveLength(0);

  // Meanwhile the candle got cheaper and the tumbler sold out: the mail says so.
  await products.update({ id: 'candle' }, { set: { price: 1500 } });
  await products.update({ id: 'mug' }, { set: { stock: { '16oz': 0, '20oz': 0, '24oz': 0 } } });
  expect((await sweep(later(61))).sent).toBe(1);
  const [mail] = remindersTo(shopper);
  expect(mail.text).toContain(
    '2 x Harvest Candle (one size): $30.00\n    Photo: https://shop.example.com/images/c.jpg',
  );
  expect(mail.text).toContain('1 x Snow Tumbler (16oz): sold out now');
  expect(mail.text).toMatch(/https:\/\/shop\.example\.com\/cart\/restore\?token=\S+/);
  expect(mail.text).toContain('Why you got this mail: you typed this address at the checkout of Seasonal Shop on');
  expect(mail.text).toContain('12 Harbor Lane, Portland, ME 04101, USA');
  expect(mail.text).toMatch(
    /unsubscribe with one click \(no sign-in\): https:\/\/shop\.example\.com\/unsubscribe\?token=\S+/,
  );
  expect(mail.html).toContain('<img src="https://shop.example.com/images/c.jpg"');
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(await reminderOf(checkoutId)).toMatchObject({ status: 'sent', attempts: 1, mail: { to: shopper } });

  // Later runs, the card step again: nothing more.
  await sweep(later(24 * 60));
  await sweep(later(3 * 24 * 60));
  expect(remindersTo(shopper)).toHaveLength(1);
});

it('a shipping name typed with control and bidi characters (NUL, BEL, U+202E) is stored and mailed without them', async () => {
  // eslint-disable-next-line no-control-regex -- the characters the sanitiser removes, looked for in what is kept
  const unsafe = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
  const intent = await guestIntent({
    cart: candle,
    shippingAddress: {
      ...address,
      email: shopper,
      name: 'A\u0000da \u0007Buy\u202Eer\u2069',
      line1: '1 Main\u0085 St',
    },
  });
  expect(intent.status).toBe(200);
  const stored = await checkouts.get({ checkoutId: intent.body.checkoutId }, { consistent: true });
  expect(stored?.shippingAddress).toMatchObject({ name: 'Ada Buyer', line1: '1 Main St' });
  expect((await sweep(later(61))).sent).toBe(1);
  const [mail] = remindersTo(shopper);
  expect(mail.text).toContain('Hi Ada Buyer,');
  for (const text of [mail.subject, mail.text, mail.html ?? '']) expect(text).not.toMatch(unsafe);
});

it('the card step again moves the reminder to the delay after it; the owner turning reminders off withdraws those not sent', async () => {
  const first = await leftAtCardStep();
  await sweep(later(30));
  // Back at the card step 30 minutes later (the same checkout, its own browser).
  jest.useFakeTimers({
    now: later(30),
    doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
  });
  try {
    const again = await guestIntent({
      cart: candle,
      shippingAddress: { ...address, email: shopper },
      checkoutId: first.checkoutId,
      checkoutSecret: first.checkoutSecret,
    });
    expect(again.status).toBe(200);
  } finally {
    jest.useRealTimers();
  }
  expect(await sweep(later(61))).toEqual({ sent: 0, refused: 0, stalled: 0 });
  expect((await sweep(later(91))).sent).toBe(1);

  const other = `off-${randomUUID().slice(0, 8)}@example.com`;
  const { checkoutId } = await leftAtCardStep(candle, other);
  expect(
    (
      await invoke(saveSettings, {
        token: admin,
        method: 'PUT',
        path: '/api/admin/settings',
        body: { reminderDelayMinutes: 0 },
      })
    ).body,
  ).toEqual({ reminderDelayMinutes: 0 });
  expect((await sweep(later(61))).withdrawn).toBe(1);
  expect(await reminderOf(checkoutId)).toMatchObject({
    status: 'withdrawn',
    withdrawnReason: 'reminders are turned off',
  });
  // Off: a new checkout schedules none.
  const none = await leftAtCardStep(candle, `none-${randomUUID().slice(0, 8)}@example.com`);
  expect(await reminderOf(none.checkoutId)).toBeNull();
  expect(remindersTo(other)).toHaveLength(0);
});

it('none after paying: the same checkout, or another order of the address (any spelling) in between', async () => {
  const paid = await leftAtCardStep();
  expect((await pay(paid.clientSecret)).status).toBe(200);
  expect((await recordGuest(paid.paymentIntentId, paid.checkoutSecret)).status).toBe(201);
  expect((await sweep(later(61))).withdrawn).toBe(1);
  expect(await reminderOf(paid.checkoutId)).toMatchObject({
    status: 'withdrawn',
    withdrawnReason: 'the cart was paid',
  });

  const left = await leftAtCardStep(candle, 'bo@example.com');
  const other = await leftAtCardStep(candle, 'Bo+gifts@Example.com');
  await pay(other.clientSecret);
  await recordGuest(other.paymentIntentId, other.checkoutSecret);
  await sweep(later(61));
  expect(await reminderOf(left.checkoutId)).toMatchObject({
    status: 'withdrawn',
    withdrawnReason: 'the address paid for an order since the checkout',
  });
  expect(remindersTo(shopper)).toHaveLength(0);
  expect(
    sentMails().filter(
      (mail) => mail.subject === 'Your cart is waiting for you' && /bo(\+gifts)?@example\.com/i.test(mail.to[0]),
    ),
  ).toHaveLength(0);
});

it("none after opting out (with an earlier mail's link), none for a cart that is all sold out", async () => {
  const { checkoutId } = await leftAtCardStep();
  const token = await unsubscribeToken(shopper.toUpperCase());
  expect(
    (await invoke(unsubscribe, { method: 'POST', path: '/api/email-preferences/unsubscribe', query: { token } }))
      .status,
  ).toBe(200);
  await sweep(later(61));
  expect(await reminderOf(checkoutId)).toMatchObject({ status: 'withdrawn', withdrawnReason: 'the address opted out' });

  const other = `sold-${randomUUID().slice(0, 8)}@example.com`;
  const soldOut = await leftAtCardStep([{ id: 'mug', size: '16oz', quantity: 1 }], other);
  await products.update({ id: 'mug' }, { set: { stock: { '16oz': 0, '20oz': 0, '24oz': 0 } } });
  await sweep(later(61));
  expect(await reminderOf(soldOut.checkoutId)).toMatchObject({
    status: 'withdrawn',
    withdrawnReason: 'nothing in the cart can be bought now',
  });
  expect([...remindersTo(shopper), ...remindersTo(other)]).toHaveLength(0);
});

it('exactly once with two job runs at once, and at most one a day for two carts of one address', async () => {
  const a = await leftAtCardStep();
  const b = await leftAtCardStep([{ id: 'mug', size: '16oz', quantity: 1 }], shopper.replace('@', '+second@'));
  const runs = await Promise.all([sweep(later(61)), sweep(later(61)), sweep(later(61))]);
  expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
  expect(runs.reduce((sum, run) => sum + (run.withdrawn ?? 0), 0)).toBe(1);
  expect(
    sentMails().filter(
      (mail) => mail.subject === 'Your cart is waiting for you' && mail.to[0].startsWith(shopper.split('@')[0]),
    ),
  ).toHaveLength(1);
  const states = [await reminderOf(a.checkoutId), await reminderOf(b.checkoutId)]
    .map((delivery) => delivery?.status)
    .sort();
  expect(states).toEqual(['sent', 'withdrawn']);
  const withdrawn = [await reminderOf(a.checkoutId), await reminderOf(b.checkoutId)].find(
    (delivery) => delivery?.status === 'withdrawn',
  );
  expect(withdrawn?.withdrawnReason).toBe('the address had a reminder in the last 24 hours');
  // A cart of the next day is reminded again.
  const c = await leftAtCardStep();
  jest.useFakeTimers({
    now: later(25 * 60),
    doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
  });
  try {
    expect((await sweep(later(62))).sent).toBe(1);
  } finally {
    jest.useRealTimers();
  }
  expect(await reminderOf(c.checkoutId)).toMatchObject({ status: 'sent' });
});

it('SES refusing it is tried again and sent once; a send that died after SES took it is never sent again', async () => {
  const refusing = await faultySes('refuse');
  try {
    const { checkoutId } = await leftAtCardStep();
    expect(await withSesAt(refusing.url, () => sweep(later(61)))).toEqual({ sent: 0, refused: 1, stalled: 0 });
    expect(await reminderOf(checkoutId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await sweep(later(63))).sent).toBe(1);
    expect(remindersTo(shopper)).toHaveLength(1);
    expect(refusing.subjects()).toEqual(['Your cart is waiting for you']);
  } finally {
    await refusing.stop();
  }

  const crashed = `crash-${randomUUID().slice(0, 8)}@example.com`;
  const { checkoutId } = await leftAtCardStep(candle, crashed);
  // SES takes the mail, then the function dies before it records the send (the promise never settles).
  jest.mocked(sendMail).mockImplementationOnce(async (mail) => {
    await realSendMail(mail);
    return new Promise(() => undefined);
  });
  void sweep(later(61));
  await until(() => remindersTo(crashed).length > 0);
  expect(await reminderOf(checkoutId)).toMatchObject({ status: 'sending' });
  expect(await sweep(later(75))).toEqual({ sent: 0, refused: 0, stalled: 1 });
  await sweep(later(24 * 60));
  expect(remindersTo(crashed)).toHaveLength(1);
  expect(await reminderOf(checkoutId)).toMatchObject({ status: 'unknown' });
});

it("the reminder's link brings the cart (priced now) and the shipping details into a new checkout in any browser, holds nothing, and leaves the old checkout as it was", async () => {
  const old = await leftAtCardStep([...candle, { id: 'mug', size: '16oz', quantity: 1 }]);
  await sweep(later(61));
  const token = restoreLinkOf(remindersTo(shopper)[0].text);
  const before = await checkouts.get({ checkoutId: old.checkoutId });
  await products.update({ id: 'mug' }, { set: { stock: { '16oz': 0, '20oz': 0, '24oz': 0 } } });

  const restored = await restore(token);
  expect(restored.status).toBe(200);
  expect(restored.body).toEqual({
    cart: [{ id: 'candle', name: 'Harvest Candle', image: '/images/c.jpg', price: 1800, size: 'CANDLE', quantity: 2 }],
    shippingAddress: { ...address, email: shopper },
    unavailable: ['Snow Tumbler'],
  });
  // Opening it twice is fine; the old checkout is not touched, and no stock moved.
  expect((await restore(token)).status).toBe(200);
  expect(await checkouts.get({ checkoutId: old.checkoutId })).toEqual(before);
  expect((await products.get({ id: 'candle' }))!.stock).toEqual({ CANDLE: 10 });

  // A fresh browser (no checkout of its own) makes a new checkout with it and pays.
  const fresh = await guestIntent({ cart: restored.body.cart, shippingAddress: restored.body.shippingAddress });
  expect(fresh.status).toBe(200);
  expect(fresh.body.checkoutId).not.toBe(old.checkoutId);
  await pay(fresh.body.clientSecret);
  expect((await recordGuest(fresh.body.paymentIntentId, fresh.body.checkoutSecret)).status).toBe(201);
  // The link again, after paying through it: bought, so it does not lead to paying twice.
  const again = await restore(token);
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('cart_bought');

  // The dashboard counts the reminder and the recovered order with its revenue.
  const dashboard = (await invoke(getDashboard, { token: admin, method: 'GET', path: '/api/admin/dashboard' })).body;
  expect(dashboard.reminders).toEqual({
    delayMinutes: 60,
    today: { sent: 1, recovered: 1, revenue: fresh.body.amounts.total },
    last30Days: { sent: 1, recovered: 1, revenue: fresh.body.amounts.total },
  });
});

it('an expired, tampered or foreign link is refused with a clear sentence, and a cart bought since says so', async () => {
  const { checkoutId, clientSecret, paymentIntentId, checkoutSecret } = await leftAtCardStep();
  const expired = await restore(await signToken('restore', checkoutId, later(-1)));
  expect(expired.status).toBe(400);
  expect(expired.body.error).toEqual({ code: 'link_expired', message: expect.stringMatching(/has expired/) });
  const good = await signToken('restore', checkoutId, later(60));
  const [payload, signature] = good.split('.');
  const forged = Buffer.from(
    JSON.stringify({ p: 'restore', s: randomUUID(), e: Math.floor(later(60).getTime() / 1000) }),
  ).toString('base64url');
  for (const bad of [`${forged}.${signature}`, `${payload}.${signature.slice(1)}`, await unsubscribeToken(shopper)]) {
    const answer = await restore(bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'link_invalid',
      message: expect.stringMatching(/not complete or was changed/),
    });
  }
  expect((await restore(await signToken('restore', randomUUID(), later(60)))).body.error.code).toBe('link_expired');
  await pay(clientSecret);
  await recordGuest(paymentIntentId, checkoutSecret);
  const bought = await restore(good);
  expect(bought.status).toBe(409);
  expect(bought.body.error.code).toBe('cart_bought');
});

it('the owner sets the delay: whole minutes from 0 to a day', async () => {
  const put = (body: unknown) =>
    invoke(saveSettings, { token: admin, method: 'PUT', path: '/api/admin/settings', body });
  expect((await put({ reminderDelayMinutes: 15 })).body).toEqual({ reminderDelayMinutes: 15 });
  for (const bad of [-1, 1441, 1.5, '30']) {
    const answer = await put({ reminderDelayMinutes: bad });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.reminderDelayMinutes).toBe('Type a whole number of minutes from 0 (off) to 1440.');
  }
  const { checkoutId } = await leftAtCardStep();
  expect(Date.parse((await reminderOf(checkoutId))!.dueAt!)).toBeLessThan(later(16).getTime());
  expect(
    (await invoke(getDashboard, { token: admin, method: 'GET', path: '/api/admin/dashboard' })).body.reminders
      .delayMinutes,
  ).toBe(15);
});
