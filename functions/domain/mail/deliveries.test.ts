import { randomUUID } from 'node:crypto';
import { sentMails, useFreshTable } from '#tests/helpers';
import { faultySes, withSesAt } from '#tests/ses-faults';
import { DELIVERY_RULES, getDelivery, schedule, sentSince, sweepDeliveries, type Composer } from './deliveries';

/**
 * Scheduled deliveries (docs/decisions/0079): a mail written at send time by its kind's composer, against DynamoDB
 * Local and the SES stand-in. The order confirmation's own behaviour is tested in
 * functions/http/admin/confirmation-mail.test.ts.
 */
const KIND = 'test-scheduled';
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const to = () => `s-${randomUUID()}@example.com`;
const mailsTo = (address: string) => sentMails().filter((mail) => mail.to.includes(address));

beforeEach(async () => {
  await useFreshTable();
});

it('is sent at its time with the words its composer writes then, once however many sweeps run at once', async () => {
  const address = to();
  let calls = 0;
  let price = '$10.00';
  const compose: Composer = async (delivery) => {
    calls++;
    return { mail: { to: address, subject: `About ${delivery.ref}`, text: `Now ${price}` } };
  };
  const { created } = await schedule(KIND, 'a', later(60));
  expect(created).toBe(true);
  expect(await getDelivery(KIND, 'a')).toMatchObject({ status: 'pending', attempts: 0 });
  expect((await getDelivery(KIND, 'a'))!.mail).toBeUndefined();

  // Not before its time.
  expect(await sweepDeliveries(later(59), { compose: { [KIND]: compose } })).toEqual({
    sent: 0,
    refused: 0,
    stalled: 0,
  });
  price = '$8.00';
  const runs = await Promise.all([1, 2, 3].map(() => sweepDeliveries(later(61), { compose: { [KIND]: compose } })));
  expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
  expect(calls).toBe(1);
  expect(mailsTo(address).map((mail) => mail.text)).toEqual(['Now $8.00']);
  expect(await getDelivery(KIND, 'a')).toMatchObject({
    status: 'sent',
    attempts: 1,
    mail: { to: address, text: 'Now $8.00' },
  });
  // Scheduling it again changes nothing: one delivery per reason, ever.
  expect(await schedule(KIND, 'a', later(120))).toMatchObject({ created: false, delivery: { status: 'sent' } });
  expect((await sentSince(KIND, later(-1).toISOString())).map((delivery) => delivery.ref)).toEqual(['a']);
});

it('a composer that finds it no longer wanted withdraws it with why; nothing is sent, not later either', async () => {
  const address = to();
  await schedule(KIND, 'b', later(-1));
  const counts = await sweepDeliveries(new Date(), {
    compose: { [KIND]: async () => ({ notWanted: 'the cart was paid' }) },
  });
  expect(counts).toEqual({ sent: 0, refused: 0, stalled: 0, withdrawn: 1 });
  expect(await getDelivery(KIND, 'b')).toMatchObject({ status: 'withdrawn', withdrawnReason: 'the cart was paid' });
  const composeSends = async () => ({ mail: { to: address, subject: 's', text: 't' } });
  await sweepDeliveries(later(600), { compose: { [KIND]: composeSends } });
  expect(mailsTo(address)).toHaveLength(0);
});

it('scheduled again before its first try moves its time; without its composer the job leaves it alone', async () => {
  const address = to();
  await schedule(KIND, 'c', later(10));
  expect(await schedule(KIND, 'c', later(30))).toMatchObject({
    created: false,
    delivery: { status: 'pending', attempts: 0 },
  });
  expect(Date.parse((await getDelivery(KIND, 'c'))!.dueAt!)).toBeGreaterThan(later(29).getTime());
  const compose = async () => ({ mail: { to: address, subject: 's', text: 't' } });
  expect((await sweepDeliveries(later(20), { compose: { [KIND]: compose } })).sent).toBe(0);
  // A job that does not know the kind claims nothing.
  expect(await sweepDeliveries(later(31))).toEqual({ sent: 0, refused: 0, stalled: 0 });
  expect(await getDelivery(KIND, 'c')).toMatchObject({ status: 'pending', attempts: 0 });
  expect((await sweepDeliveries(later(31), { compose: { [KIND]: compose } })).sent).toBe(1);
  expect(mailsTo(address)).toHaveLength(1);
});

it('SES refusing it, or its composer failing, tries again after the backoff and writes the mail anew; a send that never reported back is never repeated', async () => {
  const refusing = await faultySes('refuse');
  const dropping = await faultySes('drop');
  try {
    const address = to();
    let text = 'first';
    const compose: Composer = async () => ({ mail: { to: address, subject: 'Refused then sent', text } });
    await schedule(KIND, 'd', later(-1));
    expect(await withSesAt(refusing.url, () => sweepDeliveries(new Date(), { compose: { [KIND]: compose } }))).toEqual({
      sent: 0,
      refused: 1,
      stalled: 0,
    });
    expect(await getDelivery(KIND, 'd')).toMatchObject({ status: 'pending', attempts: 1, mail: { text: 'first' } });
    text = 'second';
    expect(
      (await sweepDeliveries(later(DELIVERY_RULES.backoffMinutes[0] + 1), { compose: { [KIND]: compose } })).sent,
    ).toBe(1);
    expect(mailsTo(address).map((mail) => mail.text)).toEqual(['second']);

    const broken: Composer = async () => {
      throw new Error('table busy');
    };
    await schedule(KIND, 'e', later(-1));
    expect((await sweepDeliveries(new Date(), { compose: { [KIND]: broken } })).refused).toBe(1);
    expect(await getDelivery(KIND, 'e')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Could not write the mail: Error: table busy',
    });

    const unknownTo = to();
    await schedule(KIND, 'f', later(-1));
    // (Delivery e, still waiting after its composer failed, is not this one's: it is left out of this sweep's mails.)
    const once: Composer = async (delivery) =>
      delivery.ref === 'f'
        ? { mail: { to: unknownTo, subject: 'Maybe sent', text: 't' } }
        : { notWanted: 'not this test' };
    await withSesAt(dropping.url, () => sweepDeliveries(new Date(), { compose: { [KIND]: once } }));
    expect(await getDelivery(KIND, 'f')).toMatchObject({ status: 'unknown', mail: { to: unknownTo } });
    await sweepDeliveries(later(600), { compose: { [KIND]: once } });
    expect(dropping.subjects()).toEqual(['Maybe sent']);
    expect(mailsTo(unknownTo)).toHaveLength(0);
  } finally {
    await Promise.all([refusing.stop(), dropping.stop()]);
  }
});
