import { randomUUID } from 'node:crypto';
import { PROMO_MESSAGES } from '#shared/promo';
import { orders } from '../../db/entities/order';
import { promos, promoUses } from '../../db/entities/promo';
import { cancelOrder } from '../../domain/orders/cancel';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { address, createCandle, guestIntent, intentStatus, orderOf, pay, recordGuest } from '#tests/checkout';
import { handler as checkPromo } from './check-promo-code';
import { handler as createIntent } from './create-payment-intent';
import { handler as recordOrder } from './record-order';

/**
 * Issue 23, "Once per customer means once per person" (docs/decisions/0063): a once-per-customer code is counted
 * under one canonical email, shared by an account and guest checkouts with that email; uses counted before under
 * the old keys keep counting; the limit holds exactly under concurrency.
 */
beforeAll(async () => {
  await useFreshTable();
  await createCandle(1000);
});

const candle = [{ id: 'candle', size: 'CANDLE', quantity: 1 }];
const USED_BY_YOU = { code: 'promo_used_by_you', message: PROMO_MESSAGES.used_by_you };
const unique = () => randomUUID().replaceAll('-', '').slice(0, 12);
const usesOf = async (code: string, customer: string) =>
  (await promoUses.get({ code, customer }, { consistent: true }))?.uses ?? 0;
const redemptions = async (code: string) => (await promos.get({ code }, { consistent: true }))?.redemptions;
const asGuest = (email: string, promoCode: string) =>
  guestIntent({ cart: candle, promoCode, shippingAddress: { ...address, email } });
const asUser = (token: string, promoCode: string, email = 'ship-to@example.com') =>
  invoke(createIntent, {
    method: 'POST',
    path: '/auth/create-payment-intent',
    token,
    body: { cart: candle, promoCode, shippingAddress: { ...address, email } },
  });
const check = (code: string, token?: string) =>
  invoke(checkPromo, {
    method: 'POST',
    path: '/api/promo-codes/check',
    body: { code, cart: candle },
    ...(token ? { token } : {}),
  });
const recordAs = (token: string, paymentIntentId: string) =>
  invoke(recordOrder, { method: 'POST', path: '/auth/adminOrders', token, body: { paymentIntentId } });

/** A guest's paid order with the code, recorded: the use is counted. */
async function guestUses(email: string, code: string) {
  const intent = await asGuest(email, code);
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  const recorded = await recordGuest(intent.body.paymentIntentId);
  expect(recorded.status).toBe(201);
  return recorded.body.order.orderNumber as string;
}

it('a guest’s use is refused for every spelling of the same mailbox, at the card step, before any payment exists', async () => {
  await promos.create({ code: 'ONCE-A', kind: 'percent', value: 10, maxPerCustomer: 1 });
  const name = `shopper${unique()}`;
  await guestUses(`${name}@gmail.com`, 'ONCE-A');
  const dotted = `${name.slice(0, 3)}.${name.slice(3, 7)}.${name.slice(7)}`;
  for (const email of [
    ` ${name.toUpperCase()}@Gmail.com `,
    `${name}+1@gmail.com`,
    `${name}+2@gmail.com`,
    `${dotted}@gmail.com`,
    `${dotted.toUpperCase()}+x@googlemail.com`,
  ]) {
    const refused = await asGuest(email, 'ONCE-A');
    expect({ email, status: refused.status, error: refused.body.error }).toEqual({
      email,
      status: 409,
      error: USED_BY_YOU,
    });
    expect(refused.body.paymentIntentId).toBeUndefined();
  }
  expect(await usesOf('ONCE-A', `email:${name}@gmail.com`)).toBe(1);
  expect(await redemptions('ONCE-A')).toBe(1);
  // Another mailbox may: dots count outside Gmail, and another name is another person.
  expect((await asGuest(`${name}x@gmail.com`, 'ONCE-A')).status).toBe(200);
  await guestUses(`a.${name}@example.com`, 'ONCE-A');
  expect((await asGuest(`a${name}@example.com`, 'ONCE-A')).status).toBe(200);
  expect((await asGuest(`A.${name}+again@Example.com`, 'ONCE-A')).body.error).toEqual(USED_BY_YOU);
});

it('account, then guest: a signed-in customer’s use counts for guest checkouts with the account’s email, whatever the shipping email', async () => {
  await promos.create({ code: 'ONCE-B', kind: 'amount', value: 300, maxPerCustomer: 1 });
  const account = `Acct.${unique()}@Example.com`;
  const { token } = await signInNewUser({ email: account });
  // Shipped to someone else (a gift): the account is the customer.
  const intent = await asUser(token, 'ONCE-B', 'friend@example.com');
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordAs(token, intent.body.paymentIntentId)).status).toBe(201);
  const [name] = account.toLowerCase().split('@');
  expect(await usesOf('ONCE-B', `email:${name}@example.com`)).toBe(1);

  // Signed out, as a guest with the account's email in any spelling: refused, at the card step.
  for (const email of [account, account.toUpperCase(), `${name}+promo@example.com`])
    expect((await asGuest(email, 'ONCE-B')).body.error).toEqual(USED_BY_YOU);
  // Signed in again, with any shipping email: refused, and the cart's check says so.
  expect((await asUser(token, 'ONCE-B', 'another@example.com')).body.error).toEqual(USED_BY_YOU);
  expect((await check('ONCE-B', token)).body.error).toEqual(USED_BY_YOU);
  // The friend it was shipped to never used it.
  expect((await asGuest('friend@example.com', 'ONCE-B')).status).toBe(200);
});

it('guest, then account: a guest’s use counts for the account with that email (cart check and card step)', async () => {
  await promos.create({ code: 'ONCE-C', kind: 'amount', value: 300, maxPerCustomer: 1 });
  const name = `g.uest${unique()}`;
  await guestUses(`${name}+shop@gmail.com`, 'ONCE-C');
  const { token } = await signInNewUser({ email: `${name.replace('.', '')}@googlemail.com` });
  expect((await check('ONCE-C', token)).body.error).toEqual(USED_BY_YOU);
  expect((await asUser(token, 'ONCE-C')).body.error).toEqual(USED_BY_YOU);
  // Without the token the cart cannot tell (the card step will).
  expect((await check('ONCE-C')).status).toBe(200);
});

it('uses recorded before canonical emails (the old keys) keep counting, and a cancelled order gives back what it took', async () => {
  await promos.create({ code: 'TWICE', kind: 'amount', value: 300, maxPerCustomer: 2 });
  const name = `old.timer${unique()}`;
  // Recorded under the old guest key: the lower-cased email as typed.
  await promoUses.create({ code: 'TWICE', customer: `email:${name}+x@gmail.com`, uses: 1 });
  // The same spelling: one use left of two.
  const orderNumber = await guestUses(`${name}+X@Gmail.com`, 'TWICE');
  expect(await usesOf('TWICE', `email:${name.replace('.', '')}@gmail.com`)).toBe(1);
  expect((await asGuest(`${name}+x@gmail.com`, 'TWICE')).body.error).toEqual(USED_BY_YOU);
  expect((await orders.get({ orderNumber }))!.promo).toMatchObject({
    customerKeys: [`email:${name.replace('.', '')}@gmail.com`],
    priorUses: 1,
  });
  // The owner cancels the new order: its use comes back (the old one stays), so that spelling may use it once more.
  await cancelOrder(orderNumber);
  expect(await usesOf('TWICE', `email:${name.replace('.', '')}@gmail.com`)).toBe(0);
  expect(await usesOf('TWICE', `email:${name}+x@gmail.com`)).toBe(1);
  expect((await asGuest(`${name}+x@gmail.com`, 'TWICE')).status).toBe(200);

  // A signed-in customer's old key (the account) counts too.
  const { token } = await signInNewUser();
  const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
  await promoUses.create({ code: 'TWICE', customer: `user:${sub}`, uses: 2 });
  expect((await asUser(token, 'TWICE')).body.error).toEqual(USED_BY_YOU);
});

describe('the limit is exact under 12 concurrent buyers who are one person', () => {
  it.each([1, 3])(
    'maxPerCustomer %i: an account and 11 guest spellings of its email, all authorized, recorded at once',
    async (limit) => {
      const code = `PERSON-${limit}`;
      await promos.create({ code, kind: 'percent', value: 10, maxPerCustomer: limit, maxRedemptions: 100 });
      const name = `twelve${unique()}`;
      const { token } = await signInNewUser({ email: `${name}@gmail.com` });
      const spellings = Array.from({ length: 11 }, (_, i) =>
        i % 3 === 0
          ? `${name}+${i}@gmail.com`
          : i % 3 === 1
            ? `${name.slice(0, 4)}.${name.slice(4)}+${i}@googlemail.com`
            : `${name.toUpperCase()}+${i}@GMAIL.com`,
      );
      // Each priced while nobody has used it yet, each card authorized.
      const buyers: { intentId: string; record: () => ReturnType<typeof recordGuest> }[] = [];
      const own = await asUser(token, code, 'elsewhere@example.com');
      expect(own.status).toBe(200);
      await pay(own.body.clientSecret);
      buyers.push({ intentId: own.body.paymentIntentId, record: () => recordAs(token, own.body.paymentIntentId) });
      for (const email of spellings) {
        const intent = await asGuest(email, code);
        expect(intent.status).toBe(200);
        await pay(intent.body.clientSecret);
        buyers.push({
          intentId: intent.body.paymentIntentId,
          record: () => recordGuest(intent.body.paymentIntentId),
        });
      }
      const answers = await Promise.all(buyers.map((buyer) => buyer.record()));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(limit);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused.map((answer) => answer.body.error)).toEqual(
        Array(12 - limit).fill({ code: 'promo_used_by_you', message: PROMO_MESSAGES.usedByYouWhilePaying(code) }),
      );
      expect(await usesOf(code, `email:${name}@gmail.com`)).toBe(limit);
      expect(await redemptions(code)).toBe(limit);
      // 0 charged without an order: the refused authorizations were cancelled.
      const statuses = await Promise.all(buyers.map((buyer) => intentStatus(buyer.intentId)));
      const made = await Promise.all(buyers.map((buyer) => orderOf(buyer.intentId)));
      expect(statuses.filter((status) => status === 'succeeded')).toHaveLength(limit);
      expect(statuses.filter((status) => status === 'canceled')).toHaveLength(12 - limit);
      expect(buyers.filter((_buyer, i) => statuses[i] === 'succeeded' && !made[i])).toEqual([]);
    },
    120_000,
  );
});
