import { randomUUID } from 'node:crypto';
import { FIRST_ORDER_NUMBER } from '#shared/order-number';
import { checkouts } from '../../db/entities/checkout';
import { orderCounter } from '../../db/entities/marker';
import { orders, type OrderRecord } from '../../db/entities/order';
import { orderPayments } from '../../db/entities/order-payment';
import { products } from '../../db/entities/product';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { recordOrder as recordOrderDomain } from '../../domain/checkout/orders';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { address, authorizedGuest, createCandle, mailsFor, pay, recordGuest } from '#tests/checkout';
import { handler as getCustomerOrder } from '../accounts/get-order';
import { handler as cancelOrder } from '../admin/cancel-order';
import { handler as completeOrder } from '../admin/complete-order';
import { handler as decide } from '../admin/decide-replacement';
import { handler as getOrder } from '../admin/get-order';
import { handler as listOrders } from '../admin/list-orders';
import { handler as createIntent } from '../checkout/create-payment-intent';
import { handler as recordOrder } from '../checkout/record-order';
import { handler as lookup } from './lookup-order';
import { handler as requestReplacement } from './request-replacement';

/**
 * Orders people can name (docs/decisions/0102), against DynamoDB Local: one order per checkout with a short number
 * from the counter, never given twice; found by that number with or without `#`, and by the id of the payment that paid
 * it; orders from before (keyed by their payment intent id) still found, shipped, cancelled and replaced.
 */
let admin: string;
const candle = [{ id: 'candle', size: 'CANDLE', quantity: 1 }];

beforeAll(async () => {
  // The counter as a new shop's table has it (none yet): the first order is #1001.
  await useFreshTable({ freshNumbers: true });
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(500);
  await products.create({
    id: 'last-one',
    name: 'Last One',
    image: '/i/l.svg',
    description: 'd',
    price: 1200,
    tag: 'candles',
    stock: { CANDLE: 1 },
  });
});

const look = (orderNumber: string, email = address.email) =>
  invoke(lookup, { method: 'POST', path: '/api/orders/lookup', body: { orderNumber, email } });
const adminGet = (orderNumber: string) =>
  invoke(getOrder, {
    token: admin,
    method: 'GET',
    path: `/api/admin/orders/${encodeURIComponent(orderNumber)}`,
    routePath: '/api/admin/orders/{orderNumber}',
    params: { orderNumber },
  });
const adminPost = (handler: typeof completeOrder, orderNumber: string, verb: string, body?: unknown) =>
  invoke(handler, {
    token: admin,
    method: 'POST',
    path: `/api/admin/orders/${encodeURIComponent(orderNumber)}/${verb}`,
    routePath: `/api/admin/orders/{orderNumber}/${verb}`,
    params: { orderNumber },
    ...(body === undefined ? {} : { body }),
  });
const search = (q: string, status = 'pending') =>
  invoke(listOrders, { token: admin, method: 'GET', path: '/api/admin/orders', query: { status, q } });
const numbersOf = (answer: { body: { orders: { orderNumber: string }[] } }) =>
  answer.body.orders.map((order) => order.orderNumber);

/** A guest's paid order of one candle, recorded by the browser that paid; its number. */
async function paidOrder(): Promise<{ orderNumber: string; intentId: string }> {
  const paid = await authorizedGuest(candle);
  const recorded = await recordGuest(paid.paymentIntentId, paid.checkoutSecret);
  if (recorded.status !== 201) throw new Error(`not recorded: ${JSON.stringify(recorded.body)}`);
  return { orderNumber: recorded.body.order.orderNumber, intentId: paid.paymentIntentId };
}

describe('a short number for every order', () => {
  it('30 checkouts taken at once: 30 orders with 30 different numbers from #1001 on, each found by its number', async () => {
    const paid = await Promise.all(Array.from({ length: 30 }, () => authorizedGuest(candle)));
    const recorded = await Promise.all(paid.map((one) => recordGuest(one.paymentIntentId, one.checkoutSecret)));
    expect(recorded.map((answer) => answer.status)).toEqual(Array(30).fill(201));
    const numbers = recorded.map((answer) => answer.body.order.orderNumber as string);
    expect(new Set(numbers).size).toBe(30);
    for (const number of numbers) {
      expect(number).toMatch(/^\d+$/);
      expect(Number(number)).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER);
    }
    // Nothing else allocated a number here: the counter gave exactly these.
    expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => FIRST_ORDER_NUMBER + i),
    );
    for (const [i, number] of numbers.entries()) {
      // The order under its number, paid by its own checkout's intent, which points back at it.
      const order = (await orders.get({ orderNumber: number }))!;
      expect(order.payments).toEqual([
        { method: 'card', provider: 'test', intentId: paid[i].paymentIntentId, amount: paid[i].amounts.total },
      ]);
      expect(order.checkoutId).toBe(paid[i].checkoutId);
      expect((await orderPayments.get({ intentId: paid[i].paymentIntentId }))!.orderNumber).toBe(number);
      expect((await checkouts.get({ checkoutId: paid[i].checkoutId }))!.orderNumber).toBe(number);
      // Its mail names it as people read it.
      expect(mailsFor(number)).toHaveLength(1);
      expect(mailsFor(number)[0].text).toContain(`Thank you for your order #${number}.`);
    }
    // Found by its number, with or without #, by the look-up.
    const found = await Promise.all(numbers.slice(0, 5).map((number) => look(`#${number}`)));
    expect(found.map((answer) => answer.body.order.orderNumber)).toEqual(numbers.slice(0, 5));
  }, 120_000);

  it('a take that is refused (stock gone) leaves a gap in the numbers, never a number given twice', async () => {
    const first = await authorizedGuest([{ id: 'last-one', size: 'CANDLE', quantity: 1 }]);
    const second = await authorizedGuest([{ id: 'last-one', size: 'CANDLE', quantity: 1 }]);
    const before = (await orderCounter.get({ name: 'order-number' }))!.last;
    const won = await recordGuest(first.paymentIntentId, first.checkoutSecret);
    expect(won.status).toBe(201);
    const refused = await recordGuest(second.paymentIntentId, second.checkoutSecret);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('out_of_stock');
    const next = await paidOrder();
    expect(Number(won.body.order.orderNumber)).toBe(FIRST_ORDER_NUMBER - 1 + before + 1);
    // The refused take burnt one number: nobody has it, and the next order has the one after it.
    expect(Number(next.orderNumber)).toBe(Number(won.body.order.orderNumber) + 2);
    expect(await orders.get({ orderNumber: String(Number(won.body.order.orderNumber) + 1) })).toBeNull();
    expect(await orderPayments.get({ intentId: second.paymentIntentId })).toBeNull();
  });

  it('two tabs, the webhook and the job at once, then retries: one order for the checkout, every caller answered it', async () => {
    const user = await signInNewUser();
    const intent = await invoke(createIntent, {
      method: 'POST',
      path: '/auth/create-payment-intent',
      token: user.token,
      body: { cart: candle, shippingAddress: { ...address, email: user.email } },
    });
    await pay(intent.body.clientSecret);
    const intentId: string = intent.body.paymentIntentId;
    const tab = () =>
      invoke(recordOrder, {
        method: 'POST',
        path: '/auth/adminOrders',
        token: user.token,
        body: { paymentIntentId: intentId },
      });
    const [one, two, webhook, job] = await Promise.all([
      tab(),
      tab(),
      recordOrderDomain(intentId, { kind: 'webhook' }),
      recordOrderDomain(intentId, { kind: 'job' }),
    ]);
    const number = one.body.order.orderNumber;
    expect([two.body.order.orderNumber, webhook.order.orderNumber, job.order.orderNumber]).toEqual([
      number,
      number,
      number,
    ]);
    expect([one.status === 201, two.status === 201, webhook.created, job.created].filter(Boolean)).toHaveLength(1);
    // Retried later (a lost answer, a repeated event): the same order again, nothing new.
    expect((await tab()).body.order.orderNumber).toBe(number);
    expect((await recordOrderDomain(intentId, { kind: 'webhook' })).order.orderNumber).toBe(number);
    const checkout = (await checkouts.get({ checkoutId: intent.body.checkoutId }))!;
    expect(checkout).toMatchObject({ state: 'captured', orderNumber: number });
    expect(
      (await orders.query('byCustomer', { customer: checkout.customer })).map((order) => order.orderNumber),
    ).toEqual([number]);
    expect(mailsFor(number)).toHaveLength(1);
  });
});

describe('finding an order by its number', () => {
  it('the look-up takes the number with or without # and spaces; anything that is not one is a clear 400', async () => {
    const { orderNumber } = await paidOrder();
    for (const typed of [
      orderNumber,
      `#${orderNumber}`,
      ` # ${orderNumber} `,
      `#${orderNumber.slice(0, 1)} ${orderNumber.slice(1)}`,
    ]) {
      const found = await look(typed);
      expect(found.status).toBe(200);
      expect(found.body.order.orderNumber).toBe(orderNumber);
    }
    const refused = await look('order 12');
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.orderNumber).toBe(
      'Please enter the order number from your confirmation, like #1042.',
    );
  });

  it('a number alone tells nothing: a wrong email is the same 404 as a number nobody has; another customer gets 404', async () => {
    const { orderNumber } = await paidOrder();
    const wrongEmail = await look(orderNumber, 'someone@example.com');
    const unknown = await look(String(Number(orderNumber) + 100_000));
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.body).toEqual(unknown.body);
    const stranger = await signInNewUser();
    const asStranger = await invoke(getCustomerOrder, {
      method: 'GET',
      path: `/auth/orders/${orderNumber}`,
      routePath: '/auth/orders/{orderNumber}',
      token: stranger.token,
      params: { orderNumber },
    });
    expect(asStranger.status).toBe(404);
    // The record route takes a payment's id, never an order number.
    const byNumber = await recordGuest(orderNumber);
    expect(byNumber.status).toBe(400);
  });

  it('the admin finds an order by its number (with or without #) and by the id of the payment that paid it', async () => {
    const { orderNumber, intentId } = await paidOrder();
    expect(numbersOf(await search(`#${orderNumber}`))).toEqual([orderNumber]);
    expect(numbersOf(await search(orderNumber, 'sales'))).toEqual([orderNumber]);
    expect(numbersOf(await search(intentId, 'completed'))).toEqual([orderNumber]);
    const detail = await adminGet(`#${orderNumber}`);
    expect(detail.status).toBe(200);
    expect(detail.body.order).toMatchObject({
      orderNumber,
      payments: [{ method: 'card', provider: 'test', intentId }],
    });
    // The CSV names it as people read it, with the payment's id beside it.
    const csv = await invoke(listOrders, {
      token: admin,
      method: 'GET',
      path: '/api/admin/orders',
      query: { status: 'pending', q: orderNumber, format: 'csv' },
    });
    const [header, row] = (csv.body as string).trim().split('\r\n');
    expect(header.split(',')[0]).toBe('order');
    const payment = header.split(',').indexOf('payment');
    expect(payment).toBeGreaterThan(0);
    expect(row.split(',')[0]).toBe(`#${orderNumber}`);
    expect(row.split(',')[payment]).toBe(intentId);
  });

  it('cancelling a new order refunds its card payment under a key derived from the intent', async () => {
    const { orderNumber, intentId } = await paidOrder();
    const cancelled = await adminPost(cancelOrder, orderNumber, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ orderNumber, status: 'cancelled', payment: { state: 'refunded' } });
    expect((await testPaymentIntents.get({ id: intentId }))!.refunds).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${intentId}` }),
    ]);
  });

  it('a replacement of a new order is numbered after it (1042_r1, shown #1042-R1) and decided by either form', async () => {
    const { orderNumber } = await paidOrder();
    expect((await adminPost(completeOrder, orderNumber, 'complete', {})).status).toBe(200);
    const asked = await invoke(requestReplacement, {
      method: 'POST',
      path: '/api/orders/replacements',
      body: { orderNumber: `#${orderNumber}`, email: address.email, lines: candle, reason: 'It arrived broken.' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.replacement.id).toBe(`${orderNumber}_r1`);
    const id = `#${orderNumber}-R1`;
    const approved = await invoke(decide, {
      token: admin,
      method: 'POST',
      path: `/api/admin/replacements/${encodeURIComponent(id)}`,
      routePath: '/api/admin/replacements/{id}',
      params: { id },
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.replacementOrder).toBe(`${orderNumber}_r1`);
    expect((await adminGet(`${orderNumber}_r1`)).body.order).toMatchObject({
      replacementOf: orderNumber,
      payments: [],
    });
  });
});

describe('orders from before: their number is their payment intent id', () => {
  /** An order as it was written before decision 0102 (no payments, no pointer), paid through the test processor. */
  async function legacyOrder(): Promise<OrderRecord> {
    const id = `pi_test_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const email = `old-${randomUUID()}@example.com`;
    await testPaymentIntents.put({
      id,
      clientSecret: `${id}_secret_x`,
      amount: 2399,
      currency: 'usd',
      status: 'succeeded',
      captureMethod: 'manual',
      amountCaptured: 2399,
      metadata: { checkoutId: randomUUID(), customer: 'guest' },
    });
    return orders.put({
      orderNumber: id,
      customer: 'guest',
      status: 'pending',
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      shippingAddress: { ...address, email },
      lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 }],
      amounts: { subtotal: 1800, discount: 0, shipping: 599, tax: 0, total: 2399 },
      paymentStatus: 'captured',
      mailStatus: 'sent',
    });
  }

  it('is found by the look-up, the admin page and the admin search, paid by the intent its number is', async () => {
    const old = await legacyOrder();
    const found = await look(old.orderNumber, old.shippingAddress.email);
    expect(found.status).toBe(200);
    expect(found.body.order.orderNumber).toBe(old.orderNumber);
    const detail = await adminGet(old.orderNumber);
    expect(detail.status).toBe(200);
    expect(detail.body.order.payments).toEqual([
      { method: 'card', provider: 'test', intentId: old.orderNumber, amount: 2399 },
    ]);
    expect(numbersOf(await search(old.orderNumber))).toEqual([old.orderNumber]);
  });

  it('cancelling it refunds with the key it always had, refund-<its number>', async () => {
    const old = await legacyOrder();
    const cancelled = await adminPost(cancelOrder, old.orderNumber, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.payment.state).toBe('refunded');
    expect((await testPaymentIntents.get({ id: old.orderNumber }))!.refunds).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${old.orderNumber}`, amount: 2399 }),
    ]);
    // Pressed again: the same refund, nothing refunded twice.
    expect((await adminPost(cancelOrder, old.orderNumber, 'cancel')).status).toBe(200);
    expect((await testPaymentIntents.get({ id: old.orderNumber }))!.refunds).toHaveLength(1);
  });

  it('ships and is replaced as before: the request is <its number>_r1', async () => {
    const old = await legacyOrder();
    expect((await adminPost(completeOrder, old.orderNumber, 'complete', {})).status).toBe(200);
    const asked = await invoke(requestReplacement, {
      method: 'POST',
      path: '/api/orders/replacements',
      body: { orderNumber: old.orderNumber, email: old.shippingAddress.email, lines: candle, reason: 'Broken.' },
    });
    expect(asked.status).toBe(201);
    const id = `${old.orderNumber}_r1`;
    expect(asked.body.replacement.id).toBe(id);
    const approved = await invoke(decide, {
      token: admin,
      method: 'POST',
      path: `/api/admin/replacements/${id}`,
      routePath: '/api/admin/replacements/{id}',
      params: { id },
      body: { decision: 'approve' },
    });
    expect(approved.body.replacementOrder).toBe(id);
    expect((await adminGet(id)).body.order.replacementOf).toBe(old.orderNumber);
  });
});
