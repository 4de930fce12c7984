import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { checkouts } from '../../db/entities/checkout';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { recordOrder as recordOrderDomain } from '../../domain/checkout/orders';
import { invoke, signInNewUser, useFreshTable, pipelinePhoto } from '#tests/helpers';
import {
  authorizedGuest,
  checkoutState,
  createCandle,
  guestIntent,
  intentStatus,
  mailsFor,
  orderNumberOf,
  orderOf,
  pay,
  recordGuest,
  shopNoticesFor,
  stockOf as stock,
} from '#tests/checkout';
import { handler as createIntent } from './create-payment-intent';
import { handler as recordOrder } from './record-order';
import { handler as validateCart } from './validate-cart';

/** Checkout with the built-in test processor: authorize, then take, then capture (docs/decisions/0022). */
beforeAll(async () => {
  await useFreshTable();
  await stockItems.create({ id: 'TEE', stock: { S: 4, M: 10, L: 10, XL: 10, '2XL': 0 } });
  await products.create({
    id: 'tee',
    name: 'Tee',
    image: '/i/tee.svg',
    description: 'd',
    price: 2500,
    tag: 'tees',
    stockRef: 'TEE',
  });
  await products.create({
    id: 'wrap',
    name: 'Wrap',
    image: '/i/w.svg',
    description: 'd',
    price: 900,
    tag: 'giftwraps',
    stockRef: 'TEE',
  });
  await createCandle(20);
  await products.create({
    id: 'last5',
    name: 'Last Five Candle',
    image: '/i/l.svg',
    description: 'd',
    price: 1000,
    tag: 'candles',
    stock: { CANDLE: 5 },
  });
  await products.create({
    id: 'cup',
    name: 'Cup',
    image: '/i/t.svg',
    description: 'd',
    price: 2000,
    tag: 'tumblers',
    stock: { '16oz': 3, '20oz': 0, '24oz': 1 },
  });
  await products.create({
    id: 'gone',
    name: 'Gone Hoodie',
    image: '/i/g.svg',
    description: 'd',
    price: 4000,
    tag: 'hoodies',
    status: 'drafted',
  });
});

describe('POST /api/products/validate-cart', () => {
  const check = (cart: unknown[]) =>
    invoke(validateCart, { method: 'POST', path: '/api/products/validate-cart', body: { cart } });

  it('answers success when every line is in stock', async () => {
    const { status, body } = await check([
      { id: 'tee', size: 'M', quantity: 2 },
      { id: 'cup', size: '16oz', quantity: 3 },
    ]);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, outOfStockItems: [] });
  });

  it('names the products that are short, counting lines that share a stock item together', async () => {
    // Tee S and Wrap 18inX36in both draw from the stock item's S count (4).
    const { body } = await check([
      { id: 'tee', size: 'S', quantity: 3 },
      { id: 'wrap', size: '18inX36in', quantity: 2 },
      { id: 'cup', size: '20oz', quantity: 1 },
    ]);
    expect(body.success).toBe(false);
    expect(body.outOfStockItems.sort()).toEqual(['Cup', 'Tee', 'Wrap']);
  });

  it('counts a drafted or missing product as unavailable', async () => {
    const { body } = await check([{ id: 'gone', size: 'M', quantity: 1, name: 'Gone Hoodie' }]);
    expect(body).toEqual({ success: false, outOfStockItems: ['Gone Hoodie'] });
  });
});

describe('POST /auth/create-payment-intent/guest', () => {
  it('computes every amount from stored prices, ignores the client price and total, and keeps the priced lines on the checkout', async () => {
    const before = await stock('product', 'candle');
    const { status, body } = await guestIntent({
      cart: [{ id: 'candle', size: 'CANDLE', quantity: 2, price: 1, name: 'Cheap' }],
      total: 5,
    });
    expect(status).toBe(200);
    // subtotal 3600 + shipping 599 = 4199; IL 6.25% -> round(262.4375) = 262
    expect(body.amounts).toEqual({ subtotal: 3600, discount: 0, shipping: 599, tax: 262, total: 4461 });
    expect(body.paymentIntentId).toMatch(/^pi_/);
    expect(body.paymentMode).toBe('test');
    const checkout = (await checkouts.get({ checkoutId: body.checkoutId }))!;
    expect(checkout).toMatchObject({
      state: 'open',
      intentId: body.paymentIntentId,
      customer: 'guest',
      amounts: body.amounts,
    });
    expect(checkout.lines[0]).toMatchObject({ name: 'Candle', price: 1800, quantity: 2 });
    const intent = (await testPaymentIntents.get({ id: body.paymentIntentId }))!;
    expect(intent).toMatchObject({ status: 'requires_payment_method', captureMethod: 'manual', amount: 4461 });
    // An unpaid checkout holds no stock.
    expect(await stock('product', 'candle')).toEqual(before);
  });

  it("keeps on the order's lines the JPEG an <img> shows of a photo, not the photo's bare path", async () => {
    const picture = pipelinePhoto();
    const src = picture.image;
    await products.create({
      id: 'photo-candle',
      name: 'Photo Candle',
      ...picture,
      description: 'd',
      price: 1800,
      tag: 'candles',
      stock: { CANDLE: 5 },
    });
    const { body } = await guestIntent({
      cart: [{ id: 'photo-candle', size: 'CANDLE', quantity: 1, image: '/client/choice.png' }],
    });
    const checkout = (await checkouts.get({ checkoutId: body.checkoutId }))!;
    expect(checkout.lines[0].image).toBe(`${src}/640.jpg`);
  });

  it.each([0, -1, 1.5, 10, 1e9, '2'])('rejects quantity %p and changes no stock', async (quantity) => {
    const before = await stock('product', 'candle');
    const { status, body } = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity }] });
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(await stock('product', 'candle')).toEqual(before);
  });

  it('rejects an unknown state with the spec message and a size the product does not have', async () => {
    const bad = await guestIntent({
      cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
      shippingAddress: {
        name: 'A',
        email: 'a@example.com',
        line1: '1 Main St',
        city: 'X',
        state: 'Ontario',
        zip: '62701',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['shippingAddress.state']).toBe(MESSAGES.invalidCheckoutState);
    const size = await guestIntent({ cart: [{ id: 'candle', size: 'XL', quantity: 1 }] });
    expect(size.status).toBe(400);
    expect(size.body.error.message).toBe(MESSAGES.invalidSize);
  });

  it('a second call for the same checkout updates the same intent and checkout, and neither holds stock', async () => {
    const before = (await stock('stockItem', 'TEE')).M;
    const first = await guestIntent({ cart: [{ id: 'tee', size: 'M', quantity: 3 }] });
    expect((await stock('stockItem', 'TEE')).M).toBe(before);
    const again = await guestIntent({
      checkoutId: first.body.checkoutId,
      checkoutSecret: first.body.checkoutSecret,
      cart: [{ id: 'tee', size: 'M', quantity: 1 }],
    });
    expect(again.status).toBe(200);
    expect(again.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect(again.body.amounts.subtotal).toBe(2500);
    expect((await testPaymentIntents.get({ id: first.body.paymentIntentId }))!.amount).toBe(again.body.amounts.total);
    expect((await checkouts.get({ checkoutId: first.body.checkoutId }))!.lines).toMatchObject([
      { id: 'tee', quantity: 1 },
    ]);
    expect((await stock('stockItem', 'TEE')).M).toBe(before);
  });

  it('answers 409 with the names when stock is short, reading only', async () => {
    const before = await stock('product', 'cup');
    const { status, body } = await guestIntent({ cart: [{ id: 'cup', size: '24oz', quantity: 2 }] });
    expect(status).toBe(409);
    expect(body.error.code).toBe('out_of_stock');
    expect(body.error.message).toBe(`${MESSAGES.outOfStock}\nCup`);
    expect(await stock('product', 'cup')).toEqual(before);
  });

  it('50 concurrent unpaid checkouts for the last 5 units each get an intent, and all 5 units stay on sale', async () => {
    // Before manual capture each of these held stock (5 got it, 45 were refused); now none holds any.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => guestIntent({ cart: [{ id: 'last5', size: 'CANDLE', quantity: 1 }] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await stock('product', 'last5')).CANDLE).toBe(5);
  }, 60_000);

  it('once the card is authorized the checkout can no longer be changed', async () => {
    const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
    const change = await guestIntent({
      checkoutId: paid.checkoutId,
      checkoutSecret: paid.checkoutSecret,
      cart: [{ id: 'candle', size: 'CANDLE', quantity: 3 }],
    });
    expect(change.status).toBe(409);
    expect((await testPaymentIntents.get({ id: paid.paymentIntentId }))!.amount).toBe(paid.amounts.total);
    expect((await checkouts.get({ checkoutId: paid.checkoutId }))!.lines).toMatchObject([{ quantity: 1 }]);
  });
});

describe('authorize, take, capture', () => {
  it('a guest authorizes with 4242, and the callback takes the stock, writes one order and captures the payment', async () => {
    const before = (await stock('product', 'candle')).CANDLE;
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const paid = await pay(intent.body.clientSecret);
    expect(paid.status).toBe(200);
    // Manual capture: the card is authorized, nothing is charged yet, and no stock has moved.
    expect(paid.body.paymentIntent.status).toBe('requires_capture');
    expect((await stock('product', 'candle')).CANDLE).toBe(before);
    // The guest's browser sends the secret its checkout was made with, and gets the whole order back.
    const recorded = await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret);
    expect(recorded.status).toBe(201);
    // The order has its own short number (decision 0102), not the payment's id.
    expect(recorded.body.order.orderNumber).toMatch(/^\d{4,}$/);
    expect(recorded.body.order).toMatchObject({
      status: 'pending',
      lines: [{ id: 'candle', name: 'Candle', price: 1800, size: 'CANDLE', quantity: 1, image: '/i/c.svg' }],
      amounts: intent.body.amounts,
    });
    expect(recorded.body.order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await stock('product', 'candle')).CANDLE).toBe(before - 1);
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('succeeded');
    const order = (await orderOf(intent.body.paymentIntentId))!;
    expect(order).toMatchObject({
      orderNumber: recorded.body.order.orderNumber,
      customer: 'guest',
      paymentStatus: 'captured',
      mailStatus: 'sent',
      payments: [
        { method: 'card', provider: 'test', intentId: intent.body.paymentIntentId, amount: order.amounts.total },
      ],
    });
    // The checkout names its order; the payment carries the number (the owner finds the order from its side).
    expect((await checkouts.get({ checkoutId: intent.body.checkoutId }))!.orderNumber).toBe(order.orderNumber);
    expect(await testPaymentIntents.get({ id: intent.body.paymentIntentId })).toMatchObject({
      orderNumber: order.orderNumber,
      description: `Order #${order.orderNumber}`,
    });
    expect(order.authorizedAt! <= order.capturedAt!).toBe(true);
    expect(await checkoutState(intent.body.checkoutId)).toBe('captured');
  });

  it('callbacks, webhook-style calls and the job, twice each and at once: one order, one capture, one mail, stock taken once', async () => {
    const before = (await stock('product', 'candle')).CANDLE;
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 2 }] });
    await pay(intent.body.clientSecret);
    const intentId = intent.body.paymentIntentId;
    const results = await Promise.all([
      recordGuest(intentId),
      recordGuest(intentId),
      recordOrderDomain(intentId, { kind: 'webhook' }),
      recordOrderDomain(intentId, { kind: 'webhook' }),
      recordOrderDomain(intentId, { kind: 'job' }),
    ]);
    const created = [
      results[0].status === 201,
      results[1].status === 201,
      ...results.slice(2).map((r) => (r as { created: boolean }).created),
    ];
    expect(created.filter(Boolean)).toHaveLength(1);
    expect([results[0].status, results[1].status].every((status) => status === 200 || status === 201)).toBe(true);
    // Every caller answered the same order (the one whose number the take wrote).
    const orderNumber = await orderNumberOf(intentId);
    expect(results.map((r) => ('body' in r ? r.body.order.orderNumber : r.order.orderNumber))).toEqual(
      Array(5).fill(orderNumber),
    );
    const data = await orders.query('byCustomer', { customer: 'guest' });
    expect(data.filter((order) => order.checkoutId === intent.body.checkoutId)).toHaveLength(1);
    expect((await stock('product', 'candle')).CANDLE).toBe(before - 2);
    expect(await intentStatus(intentId)).toBe('succeeded');
    const mails = mailsFor(orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['ada@example.com']);
    expect(mails[0].text).toContain('Total: $');
    expect((await orders.get({ orderNumber }))?.mailStatus).toBe('sent');
    // The owner hears of it once too, at the shop's address, with what to pack and where it goes.
    const notices = shopNoticesFor(orderNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0].to).toEqual(['shop@example.com']);
    expect(notices[0].replyTo).toEqual(['ada@example.com']);
    expect(notices[0].subject).toBe(`New order #${orderNumber}: ${mails[0].text.match(/Total: (\$[\d.,]+)/)![1]}`);
    expect(notices[0].text).toContain('2 x ');
    expect(notices[0].text).toContain('Ada Buyer');
    // Called again later: the same order, nothing new.
    expect((await recordGuest(intentId)).status).toBe(200);
    expect(mailsFor(orderNumber)).toHaveLength(1);
    expect(shopNoticesFor(orderNumber)).toHaveLength(1);
  });

  it('a declined card shows the provider message, keeps the intent waiting for a card, and nothing is recorded', async () => {
    const before = await stock('product', 'candle');
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const declined = await pay(intent.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    const funds = await pay(intent.body.clientSecret, '4000000000009995');
    expect(funds.body.error.message).toBe('Your card has insufficient funds.');
    const stored = (await testPaymentIntents.get({ id: intent.body.paymentIntentId }))!;
    expect(stored.status).toBe('requires_payment_method');
    expect(stored.lastPaymentError).toEqual({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const recorded = await recordGuest(intent.body.paymentIntentId);
    expect(recorded.status).toBe(409);
    expect(recorded.body.error.code).toBe('payment_not_authorized');
    expect(await orderOf(intent.body.paymentIntentId)).toBeNull();
    expect(await stock('product', 'candle')).toEqual(before);
  });

  it('a signed-in customer cannot record an order for someone else’s intent', async () => {
    const [alice, bob] = await Promise.all([signInNewUser(), signInNewUser()]);
    const intent = await invoke(createIntent, {
      method: 'POST',
      path: '/auth/create-payment-intent',
      token: alice.token,
      body: {
        cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
        shippingAddress: {
          name: 'Alice',
          email: 'alice@example.com',
          line1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
      },
    });
    expect(intent.status).toBe(200);
    await pay(intent.body.clientSecret);
    const asBob = await invoke(recordOrder, {
      method: 'POST',
      path: '/auth/adminOrders',
      token: bob.token,
      body: { paymentIntentId: intent.body.paymentIntentId },
    });
    expect(asBob.status).toBe(403);
    expect((await recordGuest(intent.body.paymentIntentId)).status).toBe(403);
    expect(await orderOf(intent.body.paymentIntentId)).toBeNull();
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('requires_capture');
    // A tab that loaded the shop before decision 0102 names the intent `orderNumber`: the same call.
    const asAlice = await invoke(recordOrder, {
      method: 'POST',
      path: '/auth/adminOrders',
      token: alice.token,
      body: { orderNumber: intent.body.paymentIntentId },
    });
    expect(asAlice.status).toBe(201);
    expect(asAlice.body.order.orderNumber).toBe(await orderNumberOf(intent.body.paymentIntentId));
    // Bob cannot reuse Alice's checkout either.
    const steal = await invoke(createIntent, {
      method: 'POST',
      path: '/auth/create-payment-intent',
      token: bob.token,
      body: {
        checkoutId: intent.body.checkoutId,
        cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
        shippingAddress: {
          name: 'Bob',
          email: 'bob@example.com',
          line1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
      },
    });
    // The same answer as for a checkout that does not exist (docs/decisions/0062), and Alice's checkout unchanged.
    expect(steal.status).toBe(404);
    expect(steal.body.error).toEqual({ code: 'checkout_not_found', message: MESSAGES.checkoutNotFound });
    expect((await checkouts.get({ checkoutId: intent.body.checkoutId }))!.shippingAddress.name).toBe('Alice');
  });

  it('two shoppers authorized for the last unit: the first gets it, the second is told the names, and is not charged', async () => {
    await products.update({ id: 'cup' }, { set: { stock: { '16oz': 3, '20oz': 0, '24oz': 1 } } });
    const first = await authorizedGuest([{ id: 'cup', size: '24oz', quantity: 1 }]);
    const second = await authorizedGuest([{ id: 'cup', size: '24oz', quantity: 1 }]);
    expect((await recordGuest(first.paymentIntentId)).status).toBe(201);
    const refused = await recordGuest(second.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'out_of_stock', message: `${MESSAGES.outOfStock}\nCup` });
    expect(await intentStatus(second.paymentIntentId)).toBe('canceled');
    expect(await checkoutState(second.checkoutId)).toBe('closed');
    expect(await orderOf(second.paymentIntentId)).toBeNull();
    expect((await stock('product', 'cup'))['24oz']).toBe(0);
    // Asking again answers the same, and still nothing is charged.
    expect((await recordGuest(second.paymentIntentId)).body.error.code).toBe('out_of_stock');
    expect(mailsFor(second.paymentIntentId)).toHaveLength(0);
  });

  it('takes counts that lines share, and two sizes of one tumbler, in the one transaction', async () => {
    await stockItems.update({ id: 'TEE' }, { set: { stock: { S: 4, M: 10, L: 10, XL: 10, '2XL': 0 } } });
    await products.update({ id: 'cup' }, { set: { stock: { '16oz': 3, '20oz': 0, '24oz': 1 } } });
    const paid = await authorizedGuest([
      { id: 'tee', size: 'S', quantity: 2 },
      { id: 'wrap', size: '18inX36in', quantity: 2 },
      { id: 'cup', size: '16oz', quantity: 3 },
      { id: 'cup', size: '24oz', quantity: 1 },
    ]);
    expect((await recordGuest(paid.paymentIntentId)).status).toBe(201);
    expect((await stock('stockItem', 'TEE')).S).toBe(0);
    expect(await stock('product', 'cup')).toEqual({ '16oz': 0, '20oz': 0, '24oz': 0 });
  });

  it('a product drafted after the card was authorized is refused by name and the authorization cancelled', async () => {
    await stockItems.update({ id: 'TEE' }, { set: { stock: { S: 4, M: 10, L: 10, XL: 10, '2XL': 0 } } });
    await products.create({
      id: 'soon-gone',
      name: 'Soon Gone Tee',
      image: '/i/s.svg',
      description: 'd',
      price: 2000,
      tag: 'tees',
      stockRef: 'TEE',
    });
    const paid = await authorizedGuest([
      { id: 'soon-gone', size: 'M', quantity: 1 },
      { id: 'candle', size: 'CANDLE', quantity: 1 },
    ]);
    const candles = (await stock('product', 'candle')).CANDLE;
    await products.update(
      { id: 'soon-gone' },
      { set: { status: 'drafted' } },
      { current: (await products.get({ id: 'soon-gone' }))! },
    );
    const refused = await recordGuest(paid.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`${MESSAGES.outOfStock}\nSoon Gone Tee`);
    expect(await intentStatus(paid.paymentIntentId)).toBe('canceled');
    expect((await stock('stockItem', 'TEE')).M).toBe(10);
    expect((await stock('product', 'candle')).CANDLE).toBe(candles);
  });
});

describe('the test card processor follows Stripe’s manual-capture states', () => {
  it('3-D Secure: the card asks to authenticate; a failed authentication waits for a card, a completed one authorizes', async () => {
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const asked = await pay(intent.body.clientSecret, '4000 0025 0000 3155');
    expect(asked.body.paymentIntent.status).toBe('requires_action');
    expect((await recordGuest(intent.body.paymentIntentId)).body.error.code).toBe('payment_not_authorized');
    const failed = await pay(intent.body.clientSecret, '4000 0025 0000 3155', 'fail');
    expect(failed.status).toBe(402);
    expect(failed.body.error.code).toBe('payment_intent_authentication_failure');
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('requires_payment_method');
    expect((await pay(intent.body.clientSecret, '4000 0025 0000 3155')).body.paymentIntent.status).toBe(
      'requires_action',
    );
    const done = await pay(intent.body.clientSecret, '4000 0025 0000 3155', 'complete');
    expect(done.body.paymentIntent.status).toBe('requires_capture');
    expect((await recordGuest(intent.body.paymentIntentId)).status).toBe(201);
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('succeeded');
  });

  it('confirming a card again once it is authorized or captured is refused 400 payment_intent_unexpected_state, as Stripe does, even with a declined card, and counts no failed attempt', async () => {
    const intent = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
    for (const number of [
      '4000000000000002',
      '4242424242424242',
      '4000000000000002',
      '4000000000000002',
      '4000000000000002',
      '4000000000000002',
    ]) {
      const again = await pay(intent.clientSecret, number);
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has a status of requires_capture. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.',
      });
    }
    // Still authorized (six refusals are not six failed cards), and the order is taken.
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture');
    expect((await recordGuest(intent.paymentIntentId)).status).toBe(201);
    const captured = await pay(intent.clientSecret, '4000000000000002');
    expect(captured.status).toBe(400);
    expect(captured.body.error.message).toMatch(/has a status of succeeded/);
    expect(await intentStatus(intent.paymentIntentId)).toBe('succeeded');
  });

  it('after 5 failed card attempts the payment is cancelled and the card step says so; a new checkout can pay', async () => {
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const answers = [];
    for (const number of [
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '4000000000000127',
      '4000000000000002',
    ])
      answers.push(await pay(intent.body.clientSecret, number));
    expect(answers.slice(0, 4).map((a) => a.body.error.code)).toEqual([
      'card_declined',
      'card_declined',
      'expired_card',
      'incorrect_cvc',
    ]);
    expect(answers[4].status).toBe(402);
    expect(answers[4].body.error).toEqual({ code: 'card_attempts_exceeded', message: MESSAGES.tooManyCardAttempts });
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('canceled');
    expect(await checkoutState(intent.body.checkoutId)).toBe('closed');
    // A good card on this checkout now gets the same plain answer, and nothing can be recorded.
    expect((await pay(intent.body.clientSecret)).body.error.message).toBe(MESSAGES.tooManyCardAttempts);
    expect((await recordGuest(intent.body.paymentIntentId)).body.error).toEqual({
      code: 'checkout_closed',
      message: MESSAGES.tooManyCardAttempts,
    });
    expect(
      (
        await guestIntent({
          checkoutId: intent.body.checkoutId,
          checkoutSecret: intent.body.checkoutSecret,
          cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
        })
      ).body.error.code,
    ).toBe('checkout_closed');
    const fresh = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
    expect((await recordGuest(fresh.paymentIntentId)).status).toBe(201);
  });
});

it('uses a new checkout id when the client sends none', async () => {
  const a = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
  const b = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
  expect(a.body.checkoutId).not.toBe(b.body.checkoutId);
  expect(randomUUID()).toHaveLength(36);
});
