import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { checkouts } from '../../db/entities/checkout';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import {
  address,
  authorizedGuest,
  createCandle,
  guestIntent,
  orderNumberOf,
  orderOf,
  pay,
  recordGuest,
} from '#tests/checkout';
import { handler as createIntent } from './create-payment-intent';

/**
 * Issue 23, "Knowing a number is not access" (docs/decisions/0062): a guest checkout belongs to the browser that
 * holds its secret, and recording a guest's order tells a stranger who knows its number nothing personal.
 */
beforeAll(async () => {
  await useFreshTable();
  await createCandle(100);
});

const candle = (quantity = 1) => [{ id: 'candle', size: 'CANDLE', quantity }];
const thief = {
  name: 'Mallory Other',
  email: 'mallory@example.com',
  line1: '9 Elsewhere Rd',
  city: 'Reno',
  state: 'NV',
  zip: '89501',
};
const NOT_FOUND = { code: 'checkout_not_found', message: MESSAGES.checkoutNotFound };
/** What the table and the payment provider hold of a checkout: nothing of it may change on a refused call. */
const snapshot = async (checkoutId: string) => {
  const checkout = (await checkouts.get({ checkoutId }, { consistent: true }))!;
  const intent = (await testPaymentIntents.get({ id: checkout.intentId }, { consistent: true }))!;
  return { checkout, intent: { amount: intent.amount, status: intent.status, clientSecret: intent.clientSecret } };
};

describe('a guest checkout belongs to its browser', () => {
  it('a new checkout answers its secret once; the checkout keeps only its hash; the browser with it changes its checkout', async () => {
    const first = await guestIntent({ cart: candle(2) });
    expect(first.status).toBe(200);
    const secret = first.body.checkoutSecret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await checkouts.get({ checkoutId: first.body.checkoutId }))!;
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const again = await guestIntent({ checkoutId: first.body.checkoutId, checkoutSecret: secret, cart: candle(1) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      checkoutId: first.body.checkoutId,
      paymentIntentId: first.body.paymentIntentId,
      clientSecret: first.body.clientSecret,
    });
    // Issued at creation only, and never changed.
    expect(again.body.checkoutSecret).toBeUndefined();
    expect((await checkouts.get({ checkoutId: first.body.checkoutId }))!.secretHash).toBe(stored.secretHash);
  });

  it.each([
    ['no secret', undefined],
    ['a wrong secret', 'x'.repeat(43)],
    ['another checkout’s secret', 'other'],
  ])(
    'a second client with the checkoutId and %s gets 404, the same as for no checkout, and nothing changes',
    async (_case, wrong) => {
      const victim = await guestIntent({ cart: candle(2) });
      const before = await snapshot(victim.body.checkoutId);
      const secret = wrong === 'other' ? (await guestIntent({ cart: candle() })).body.checkoutSecret : wrong;
      const stolen = await guestIntent({
        checkoutId: victim.body.checkoutId,
        ...(secret ? { checkoutSecret: secret } : {}),
        cart: candle(9),
        shippingAddress: thief,
      });
      expect(stolen.status).toBe(404);
      expect(stolen.body).toEqual({ error: NOT_FOUND });
      // The answer for a checkout that does not exist, with or without a secret, is the same.
      for (const body of [{}, { checkoutSecret: 'y'.repeat(43) }]) {
        const missing = await guestIntent({
          checkoutId: randomUUID(),
          ...body,
          cart: candle(),
          shippingAddress: thief,
        });
        expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: { error: NOT_FOUND } });
      }
      // Address, lines, amounts and the intent (amount, secret) are as they were.
      expect(await snapshot(victim.body.checkoutId)).toEqual(before);
      expect(before.checkout.shippingAddress).toEqual(address);
    },
  );

  it('once the guest has paid, a second client still learns nothing (404, not "already paid") and the order ships to the guest', async () => {
    const paid = await authorizedGuest(candle());
    const stolen = await guestIntent({ checkoutId: paid.checkoutId, cart: candle(), shippingAddress: thief });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toEqual(NOT_FOUND);
    expect((await recordGuest(paid.paymentIntentId, paid.checkoutSecret)).status).toBe(201);
    expect((await orderOf(paid.paymentIntentId))!.shippingAddress).toMatchObject({
      name: address.name,
      line1: address.line1,
    });
  });

  it('a signed-in checkout stays bound to its user; a guest cannot name it, and a user cannot name a guest’s', async () => {
    const alice = await signInNewUser();
    const asAlice = (body: Record<string, unknown>, token = alice.token) =>
      invoke(createIntent, {
        method: 'POST',
        path: '/auth/create-payment-intent',
        token,
        body: { cart: candle(), shippingAddress: address, ...body },
      });
    const hers = await asAlice({});
    expect(hers.status).toBe(200);
    // No secret for a signed-in checkout: the token is its proof.
    expect(hers.body.checkoutSecret).toBeUndefined();
    expect((await asAlice({ checkoutId: hers.body.checkoutId, cart: candle(3) })).status).toBe(200);
    const before = await snapshot(hers.body.checkoutId);
    expect(
      (await guestIntent({ checkoutId: hers.body.checkoutId, cart: candle(), shippingAddress: thief })).body,
    ).toEqual({ error: NOT_FOUND });
    const guests = await guestIntent({ cart: candle() });
    const bob = await signInNewUser();
    const asBob = await asAlice(
      { checkoutId: guests.body.checkoutId, checkoutSecret: guests.body.checkoutSecret, shippingAddress: thief },
      bob.token,
    );
    expect({ status: asBob.status, body: asBob.body }).toEqual({ status: 404, body: { error: NOT_FOUND } });
    expect(await snapshot(hers.body.checkoutId)).toEqual(before);
  });
});

describe('recording a guest order tells a stranger nothing personal', () => {
  const personal = (body: unknown) =>
    ['Ada', 'ada@example.com', '1 Main St', 'Springfield', '62701'].filter((text) =>
      JSON.stringify(body).includes(text),
    );

  it('a stranger recording first gets {orderNumber, status} only; the browser that paid, with its secret, gets its whole order', async () => {
    const paid = await authorizedGuest(candle());
    const stranger = await recordGuest(paid.paymentIntentId);
    expect(stranger.status).toBe(201);
    const orderNumber = await orderNumberOf(paid.paymentIntentId);
    expect(stranger.body).toEqual({ order: { orderNumber, status: 'pending' } });
    // A wrong secret, or another checkout's, is a stranger too.
    const other = await guestIntent({ cart: candle() });
    for (const secret of ['z'.repeat(43), other.body.checkoutSecret]) {
      const answer = await recordGuest(paid.paymentIntentId, secret);
      expect(answer.body).toEqual({ order: { orderNumber, status: 'pending' } });
      expect(personal(answer.body)).toEqual([]);
    }
    const own = await recordGuest(paid.paymentIntentId, paid.checkoutSecret);
    expect(own.status).toBe(200);
    expect(own.body.order).toMatchObject({
      orderNumber,
      shippingAddress: address,
      amounts: paid.amounts,
      lines: [{ id: 'candle', quantity: 1 }],
    });
  });

  it('after 3-D Secure the guest’s own browser still gets its whole order; a stranger after it still gets the status only', async () => {
    const intent = await guestIntent({ cart: candle() });
    expect((await pay(intent.body.clientSecret, '4000 0025 0000 3155')).body.paymentIntent.status).toBe(
      'requires_action',
    );
    expect((await pay(intent.body.clientSecret, '4000 0025 0000 3155', 'complete')).body.paymentIntent.status).toBe(
      'requires_capture',
    );
    const own = await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret);
    expect(own.status).toBe(201);
    const orderNumber = await orderNumberOf(intent.body.paymentIntentId);
    expect(own.body.order).toMatchObject({
      orderNumber,
      status: 'pending',
      shippingAddress: { email: 'ada@example.com' },
      amounts: intent.body.amounts,
    });
    const stranger = await recordGuest(intent.body.paymentIntentId);
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual({ order: { orderNumber, status: 'pending' } });
  });

  it('a secret that is too short or too long is refused 400 and records nothing', async () => {
    const paid = await authorizedGuest(candle());
    for (const checkoutSecret of ['short', 'x'.repeat(129)]) {
      const answer = await recordGuest(paid.paymentIntentId, checkoutSecret);
      expect(answer.status).toBe(400);
    }
    expect(await orderOf(paid.paymentIntentId)).toBeNull();
  });
});
