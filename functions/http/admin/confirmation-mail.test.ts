import { orderLabel } from '#shared/order-number';
import { CONFIRMATION_MAIL_MESSAGES as WORDS } from '#shared/messages';
import { mailDeliveries } from '../../db/entities/mail-delivery';
import { orders } from '../../db/entities/order';
import { noteOnOrder, ORDER_CONFIRMATION } from '../../domain/orders/confirmation-mail';
import { DELIVERY_RULES, getDelivery, MAX_ATTEMPTS, sweepDeliveries } from '../../domain/mail/deliveries';
import { handler as sendMailsJob } from '../../jobs/send-mails';
import { sendMail } from '../../lib/mail';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { authorizedGuest, createCandle, mailsFor, orderOf, recordGuest } from '#tests/checkout';
import { faultySes, withSesAt } from '#tests/ses-faults';
import { handler as cancelOrder } from './cancel-order';
import { handler as getDashboard } from './get-dashboard';
import { handler as getOrder } from './get-order';
import { handler as sendConfirmation } from './send-confirmation';
import { until } from '#tests/until';

// The real sendMail, which one test makes hang (the function dies inside the send).
jest.mock('../../lib/mail', () => {
  const actual = jest.requireActual<typeof import('../../lib/mail')>('../../lib/mail');
  return { ...actual, sendMail: jest.fn(actual.sendMail) };
});

/**
 * A confirmation mail is never silently lost (issue 23, docs/decisions/0064), against DynamoDB Local and the SES
 * stand-in; SES failing is a local endpoint that answers an SES error (it took nothing) or cuts the connection after
 * the request (it may have taken it). Time is moved by handing the job's sweep a later `now`.
 */
let admin: string;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const sweep = (at: Date) => sweepDeliveries(at, { onChange: noteOnOrder });
const delivery = (orderNumber: string) => getDelivery(ORDER_CONFIRMATION, orderNumber);
const detail = async (orderNumber: string) =>
  (
    await invoke(getOrder, {
      token: admin,
      method: 'GET',
      path: `/api/admin/orders/${orderNumber}`,
      params: { orderNumber },
    })
  ).body;
const sendAgain = (orderNumber: string) =>
  invoke(sendConfirmation, {
    token: admin,
    method: 'POST',
    path: `/api/admin/orders/${orderNumber}/send-confirmation`,
    params: { orderNumber },
    body: {},
  });
const unsent = async () =>
  (await invoke(getDashboard, { token: admin, method: 'GET', path: '/api/admin/dashboard' })).body.unsentConfirmations;
const confirmationsTo = (ses: { subjects: () => string[] }, orderNumber: string) =>
  ses.subjects().filter((subject) => subject === `Your order ${orderLabel(orderNumber)}`);

/** A guest's paid order of one candle, recorded by the browser's call (the confirmation is sent inside it). */
async function paidOrder(): Promise<string> {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  const answer = await recordGuest(paid.paymentIntentId);
  if (answer.status !== 201) throw new Error(`order not recorded: ${JSON.stringify(answer.body)}`);
  intentOf.set(answer.body.order.orderNumber, paid.paymentIntentId);
  return answer.body.order.orderNumber;
}
/** The payment intent of each order paidOrder made (the shopper's browser names it when it comes back). */
const intentOf = new Map<string, string>();

let refusing: Awaited<ReturnType<typeof faultySes>>;
let dropping: Awaited<ReturnType<typeof faultySes>>;
beforeAll(async () => {
  [refusing, dropping, { token: admin }] = await Promise.all([
    faultySes('refuse'),
    faultySes('drop'),
    signInNewUser({ admin: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([refusing.stop(), dropping.stop()]);
});
beforeEach(async () => {
  await useFreshTable();
  await createCandle(100);
});

it('SES refuses the confirmation: the order is placed all the same, and the job sends the mail on a later try, exactly once', async () => {
  const orderNumber = await withSesAt(refusing.url, paidOrder);
  // One request: the SES client does not repeat a send by itself.
  expect(confirmationsTo(refusing, orderNumber)).toHaveLength(1);
  expect(mailsFor(orderNumber)).toHaveLength(0);
  expect(await delivery(orderNumber)).toMatchObject({
    status: 'pending',
    attempts: 1,
    lastError: expect.stringContaining('MessageRejected'),
  });
  expect(await orders.get({ orderNumber })).toMatchObject({ paymentStatus: 'captured', mailStatus: 'sending' });
  const shown = (await detail(orderNumber)).confirmationMail;
  expect(shown).toMatchObject({
    state: 'retrying',
    attempts: 1,
    canSendAgain: true,
    error: expect.stringContaining('Email address is not verified'),
  });
  expect(Date.parse(shown.at) - Date.now()).toBeGreaterThan(0);
  // The dashboard: nobody's task yet, but not sent either.
  expect(await unsent()).toEqual({ count: 0, retrying: 1, orders: [] });

  // Not before its time.
  expect(await sweep(new Date())).toEqual({ sent: 0, refused: 0, stalled: 0 });
  // Still refused at the next try: the one after waits longer (1, then 5 minutes).
  const nextRun = later(2);
  expect(await withSesAt(refusing.url, () => sweep(nextRun))).toEqual({ sent: 0, refused: 1, stalled: 0 });
  const second = (await delivery(orderNumber))!;
  expect(second).toMatchObject({ status: 'pending', attempts: 2 });
  expect(Date.parse(second.dueAt!) - nextRun.getTime()).toBe(DELIVERY_RULES.backoffMinutes[1] * 60_000);
  expect(confirmationsTo(refusing, orderNumber)).toHaveLength(2);
  expect(await sweep(later(4))).toEqual({ sent: 0, refused: 0, stalled: 0 });

  // SES takes it: sent once, and never again.
  expect(await sweep(later(8))).toEqual({ sent: 1, refused: 0, stalled: 0 });
  expect(mailsFor(orderNumber)).toHaveLength(1);
  expect(await delivery(orderNumber)).toMatchObject({ status: 'sent', attempts: 3, messageId: expect.any(String) });
  expect(await orders.get({ orderNumber })).toMatchObject({ mailStatus: 'sent' });
  expect(await unsent()).toEqual({ count: 0, retrying: 0, orders: [] });
  await sweep(later(300));
  await recordGuest(intentOf.get(orderNumber)!); // the shopper's browser comes back
  expect(mailsFor(orderNumber)).toHaveLength(1);
  expect((await detail(orderNumber)).confirmationMail).toMatchObject({
    state: 'sent',
    at: (await delivery(orderNumber))!.sentAt,
    canSendAgain: false,
  });
});

it('refused at every try: after the last one it waits for the admin (dashboard, order page); Send again pressed twice at once sends it once', async () => {
  const orderNumber = await withSesAt(refusing.url, paidOrder);
  let minutes = 0;
  for (const wait of DELIVERY_RULES.backoffMinutes) {
    minutes += wait + 1;
    await withSesAt(refusing.url, () => sweep(later(minutes)));
  }
  expect(confirmationsTo(refusing, orderNumber)).toHaveLength(MAX_ATTEMPTS);
  const failed = (await delivery(orderNumber))!;
  expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  expect(failed.dueAt).toBeUndefined();
  // The shop does not try again by itself.
  await withSesAt(refusing.url, () => sweep(later(minutes + 24 * 60)));
  expect(confirmationsTo(refusing, orderNumber)).toHaveLength(MAX_ATTEMPTS);
  expect(await orders.get({ orderNumber })).toMatchObject({ mailStatus: 'failed' });
  expect((await detail(orderNumber)).confirmationMail).toMatchObject({
    state: 'failed',
    attempts: MAX_ATTEMPTS,
    canSendAgain: true,
  });
  expect(await unsent()).toEqual({
    count: 1,
    retrying: 0,
    orders: [{ orderNumber, state: 'failed', since: failed.attentionAt }],
  });

  // A double click (or two tabs): one send.
  const answers = await Promise.all([sendAgain(orderNumber), sendAgain(orderNumber)]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const ok = answers.find((answer) => answer.status === 200)!;
  expect(ok.body.confirmationMail).toMatchObject({ state: 'sent', canSendAgain: false });
  expect([WORDS.beingSent, WORDS.alreadySent]).toContain(
    answers.find((answer) => answer.status === 409)!.body.error.message,
  );
  expect(mailsFor(orderNumber)).toHaveLength(1);
  // Once SES took it, Send again says so and sends nothing.
  const again = await sendAgain(orderNumber);
  expect(again.status).toBe(409);
  expect(again.body.error.message).toBe(WORDS.alreadySent);
  expect(mailsFor(orderNumber)).toHaveLength(1);
  expect(await unsent()).toEqual({ count: 0, retrying: 0, orders: [] });
  expect(await orders.get({ orderNumber })).toMatchObject({ mailStatus: 'sent' });
}, 20_000);

it('the connection drops after the request (SES may have the mail): never sent again by itself, shown to the admin, sent when the admin says so', async () => {
  const orderNumber = await withSesAt(dropping.url, paidOrder);
  expect(confirmationsTo(dropping, orderNumber)).toHaveLength(1);
  expect(await delivery(orderNumber)).toMatchObject({ status: 'unknown', attempts: 1 });
  expect(await orders.get({ orderNumber })).toMatchObject({ mailStatus: 'failed' });
  await sweep(later(5));
  await sweep(later(24 * 60));
  expect(mailsFor(orderNumber)).toHaveLength(0);
  expect(confirmationsTo(dropping, orderNumber)).toHaveLength(1);
  expect((await detail(orderNumber)).confirmationMail).toMatchObject({
    state: 'unknown',
    to: 'ada@example.com',
    canSendAgain: true,
  });
  expect((await unsent()).orders).toEqual([expect.objectContaining({ orderNumber, state: 'unknown' })]);

  const sent = await sendAgain(orderNumber);
  expect(sent.status).toBe(200);
  expect(mailsFor(orderNumber)).toHaveLength(1);
  expect((await detail(orderNumber)).confirmationMail).toMatchObject({ state: 'sent', attempts: 2 });
  expect((await unsent()).count).toBe(0);
});

it('the function dies inside the send: while its claim lasts nobody sends; after it the job marks it unknown and sends nothing', async () => {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  // The confirmation's send never returns (the process is gone): nothing after it runs. (The only order confirmation
  // sent meanwhile: its number is given in the take, after this is set up.)
  const real = jest.requireActual<typeof import('../../lib/mail')>('../../lib/mail').sendMail;
  jest
    .mocked(sendMail)
    .mockImplementation((sent) =>
      sent.subject.startsWith('Your order #') ? new Promise(() => undefined) : real(sent),
    );
  void recordGuest(paid.paymentIntentId);
  const orderNumber = (await until(async () => (await orderOf(paid.paymentIntentId))?.orderNumber))!;
  await until(async () => (await delivery(orderNumber))?.status, 'sending');
  expect(await delivery(orderNumber)).toMatchObject({ status: 'sending', attempts: 1 });
  jest.mocked(sendMail).mockImplementation(real);

  expect(await sweep(later(DELIVERY_RULES.leaseMinutes - 1))).toEqual({ sent: 0, refused: 0, stalled: 0 });
  expect((await detail(orderNumber)).confirmationMail).toMatchObject({ state: 'sending', canSendAgain: false });
  const busy = await sendAgain(orderNumber);
  expect(busy.status).toBe(409);
  expect(busy.body.error.message).toBe(WORDS.beingSent);

  expect(await sweep(later(DELIVERY_RULES.leaseMinutes + 1))).toEqual({ sent: 0, refused: 0, stalled: 1 });
  expect(await delivery(orderNumber)).toMatchObject({ status: 'unknown', attempts: 1 });
  await sweep(later(120));
  expect(mailsFor(orderNumber)).toHaveLength(0);
  expect(await orders.get({ orderNumber })).toMatchObject({ mailStatus: 'failed' });
  expect((await detail(orderNumber)).confirmationMail).toMatchObject({ state: 'unknown', canSendAgain: true });
  expect((await unsent()).count).toBe(1);
});

it('two runs of the job at once send each due mail once', async () => {
  const numbers = await withSesAt(refusing.url, async () => [await paidOrder(), await paidOrder(), await paidOrder()]);
  // Time passes: each one's next try is due now.
  for (const orderNumber of numbers) {
    const waiting = (await delivery(orderNumber))!;
    await mailDeliveries.put({ ...waiting, dueAt: new Date(Date.now() - 1000).toISOString() });
  }
  const context = { getRemainingTimeInMillis: () => 10_000 };
  const runs = await Promise.all([sendMailsJob(undefined, context), sendMailsJob(undefined, context)]);
  expect(runs[0].sent + runs[1].sent).toBe(3);
  for (const orderNumber of numbers) {
    expect(mailsFor(orderNumber)).toHaveLength(1);
    expect(await delivery(orderNumber)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await orders.get({ orderNumber })).toMatchObject({ mailStatus: 'sent' });
  }
});

it('Send again: a sent mail is not sent twice; an order cancelled before its mail went out gets none, and leaves the count', async () => {
  const fine = await paidOrder();
  expect(mailsFor(fine)).toHaveLength(1);
  const sentAlready = await sendAgain(fine);
  expect(sentAlready.status).toBe(409);
  expect(sentAlready.body.error.message).toBe(WORDS.alreadySent);
  expect(mailsFor(fine)).toHaveLength(1);
  expect((await sendAgain('pi_nosuchorder')).status).toBe(404);

  const refused = await withSesAt(dropping.url, paidOrder);
  expect((await unsent()).count).toBe(1);
  const cancelled = await invoke(cancelOrder, {
    token: admin,
    method: 'POST',
    path: `/api/admin/orders/${refused}/cancel`,
    params: { orderNumber: refused },
  });
  expect(cancelled.status).toBe(200);
  expect(await delivery(refused)).toMatchObject({ status: 'withdrawn' });
  expect((await unsent()).count).toBe(0);
  expect((await detail(refused)).confirmationMail).toMatchObject({ state: 'withdrawn', canSendAgain: false });
  const refusedAgain = await sendAgain(refused);
  expect(refusedAgain.status).toBe(409);
  expect(refusedAgain.body.error.message).toBe(WORDS.cancelled);
  await sweep(later(120));
  expect(mailsFor(refused)).toHaveLength(0);
});

it('a send SES refuses when the admin presses Send again answers 502 with why, and the shop goes on trying', async () => {
  const orderNumber = await withSesAt(dropping.url, paidOrder);
  const answer = await withSesAt(refusing.url, () => sendAgain(orderNumber));
  expect(answer.status).toBe(502);
  expect(answer.body.error).toEqual({
    code: 'mail_not_sent',
    message: WORDS.refusedAgain('MessageRejected: Email address is not verified.'),
  });
  // SES said no, so it certainly was not sent: the job tries again by itself, after the second wait.
  expect(await delivery(orderNumber)).toMatchObject({ status: 'pending', attempts: 2 });
  expect(await sweep(later(DELIVERY_RULES.backoffMinutes[1] - 1))).toEqual({ sent: 0, refused: 0, stalled: 0 });
  expect(await sweep(later(DELIVERY_RULES.backoffMinutes[1] + 1))).toEqual({ sent: 1, refused: 0, stalled: 0 });
  expect(mailsFor(orderNumber)).toHaveLength(1);
});
