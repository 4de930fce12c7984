import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { orders, type OrderRecord } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { replacements } from '../../db/entities/replacement';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { stockItems } from '../../db/entities/stock-item';
import { requestReplacement } from '../../domain/orders/replacements';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as getCustomerOrder } from '../accounts/get-order';
import { handler as cancelOrderHandler } from '../admin/cancel-order';
import { handler as changeTrackingHandler } from '../admin/change-tracking';
import { handler as completeOrder } from '../admin/complete-order';
import { handler as decide } from '../admin/decide-replacement';
import { handler as getDashboard } from '../admin/get-dashboard';
import { handler as getOrder } from '../admin/get-order';
import { handler as listOrders } from '../admin/list-orders';
import { handler as listReplacements } from '../admin/list-replacements';
import { handler as lookup } from './lookup-order';
import { handler as requestHandler } from './request-replacement';
import { createCandle } from '#tests/checkout';

/** After the sale (issue 14) against DynamoDB Local: ship, look up, replacements, archive, dashboard. */
let admin: string;
let customer: { token: string; userId: string };
const DAY = 24 * 3600 * 1000;
const as = (extra: Record<string, unknown>, token = admin) => ({ token, ...extra }) as never;

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  const user = await signInNewUser();
  customer = {
    token: user.token,
    userId: JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString()).sub,
  };
  await stockItems.create({ id: 'TEE', stock: { S: 5, M: 2, L: 5, XL: 5, '2XL': 5 } });
  await products.create({
    id: 'tee',
    name: 'Tee',
    image: '/i/tee.svg',
    description: 'd',
    price: 2500,
    tag: 'tees',
    stockRef: 'TEE',
  });
  await createCandle(10);
});

/** An order as checkout records it (pending), for a fresh email. */
async function placeOrder(extra: Partial<OrderRecord> = {}): Promise<OrderRecord> {
  const email = `buyer-${randomUUID()}@example.com`;
  return orders.put({
    orderNumber: `pi_${randomUUID().replace(/-/g, '')}`,
    customer: 'guest',
    status: 'pending',
    createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    shippingAddress: { name: 'Gail Guest', email, line1: '3 Pine Rd', city: 'Reno', state: 'NV', zip: '89501' },
    lines: [
      { id: 'tee', name: 'Tee', image: '/i/tee.svg', price: 2500, size: 'M', quantity: 2, stockRef: 'TEE' },
      { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 },
    ],
    amounts: { subtotal: 6800, discount: 0, shipping: 599, tax: 0, total: 7399 },
    ...extra,
  });
}

const ship = (orderNumber: string, body: unknown = {}) =>
  invoke(
    completeOrder,
    as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/complete`, params: { orderNumber }, body }),
  );
const look = (orderNumber: string, email: string) =>
  invoke(lookup, { method: 'POST', path: '/api/orders/lookup', body: { orderNumber, email } });
const ask = (body: Record<string, unknown>) =>
  invoke(requestHandler, {
    method: 'POST',
    path: '/api/orders/replacements',
    body: { reason: 'It arrived torn.', ...body },
  });
const decideOn = (id: string, body: unknown) =>
  invoke(decide, as({ method: 'POST', path: `/api/admin/replacements/${id}`, params: { id }, body }));
const mailsTo = (email: string) => sentMails().filter((mail) => mail.to.includes(email));
const stock = async () => ({
  M: (await stockItems.get({ id: 'TEE' }))!.stock.M,
  CANDLE: (await products.get({ id: 'candle' }))!.stock.CANDLE,
});

describe('shipping with tracking', () => {
  it('ships with carrier and tracking, mails the carrier link once; a second press changes and sends nothing (200 with the same values, 409 naming them with others)', async () => {
    const order = await placeOrder();
    const first = await ship(order.orderNumber, { carrier: 'UPS', trackingNumber: ' 1Z999AA1 0123456784 ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'completed',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const mails = mailsTo(order.shippingAddress.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your order ${order.orderNumber} is on its way`);
    expect(mails[0].text).toContain('Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const stored = (await orders.get({ orderNumber: order.orderNumber }))!;
    expect(stored.shipMail?.status).toBe('sent');

    const again = await ship(order.orderNumber, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      completedAt: first.body.completedAt,
    });
    // Other values (a second tab with another number, or none) do not pretend to have shipped with them.
    for (const other of [
      { carrier: 'FedEx', trackingNumber: 'OTHER' },
      { carrier: 'UPS', trackingNumber: '1Z0' },
      {},
    ]) {
      const refused = await ship(order.orderNumber, other);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        `Order ${order.orderNumber} was already shipped with UPS, tracking 1Z999AA10123456784. Nothing was changed and no mail was sent; to correct the tracking, use Change tracking on the order's page.`,
      );
    }
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
    expect((await orders.get({ orderNumber: order.orderNumber }))!.updatedAt).toBe(stored.updatedAt);
  });

  it('two tabs ship at once with different tracking numbers: one ships and mails, the other gets 409 naming what it shipped with', async () => {
    const order = await placeOrder();
    const results = await Promise.all([
      ship(order.orderNumber, { carrier: 'USPS', trackingNumber: 'AAA111' }),
      ship(order.orderNumber, { carrier: 'UPS', trackingNumber: 'BBB222' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = (await orders.get({ orderNumber: order.orderNumber }))!;
    const winner = results.find((r) => r.status === 200)!.body;
    expect([stored.carrier, stored.trackingNumber]).toEqual([winner.carrier, winner.trackingNumber]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toContain(
      `already shipped with ${stored.carrier}, tracking ${stored.trackingNumber}.`,
    );
    const mails = mailsTo(order.shippingAddress.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${stored.carrier}: ${stored.trackingNumber}`);
  });

  it('two tabs shipping at once: one change, one mail, both answer the shipped order', async () => {
    const order = await placeOrder();
    const results = await Promise.all([
      ship(order.orderNumber, { carrier: 'USPS', trackingNumber: '9400100000000000000000' }),
      ship(order.orderNumber, { carrier: 'USPS', trackingNumber: '9400100000000000000000' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.status)).toEqual(['completed', 'completed']);
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
    expect((await orders.get({ orderNumber: order.orderNumber }))!.version).toBe(2);
  });

  it('ships without tracking (a mail that says so) and refuses a bad carrier or tracking number', async () => {
    const order = await placeOrder();
    expect((await ship(order.orderNumber, { carrier: 'DHL' })).status).toBe(400);
    expect((await ship(order.orderNumber, { trackingNumber: '<script>' })).body.error.fields.trackingNumber).toBe(
      'Use letters, digits and - only.',
    );
    expect((await orders.get({ orderNumber: order.orderNumber }))!.status).toBe('pending');
    const done = await ship(order.orderNumber, {});
    expect(done.body).toMatchObject({ status: 'completed', carrier: null, trackingUrl: null });
    expect(mailsTo(order.shippingAddress.email)[0].text).toContain('without a tracking number');
    expect((await ship('pi_unknown', {})).status).toBe(404);
  });

  it('a carrier without a tracking number: the mail names the carrier', async () => {
    const order = await placeOrder();
    expect((await ship(order.orderNumber, { carrier: 'UPS' })).body).toMatchObject({
      status: 'completed',
      carrier: 'UPS',
      trackingNumber: null,
      trackingUrl: null,
    });
    const text = mailsTo(order.shippingAddress.email)[0].text;
    expect(text).toContain('It is on its way with UPS, without a tracking number.');
  });

  it('the timeline puts events of the same second in their natural order: placed, shipped, mailed', async () => {
    // createdAt is kept to the second, later stamps to the millisecond: all three fall in the same second.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const order = await placeOrder({
      status: 'completed',
      createdAt: second,
      completedAt: second.replace('Z', '.400Z'),
      carrier: 'USPS',
      trackingNumber: '9400',
      shipMail: { status: 'sent', at: second.replace('Z', '.400Z') },
    });
    const detail = await invoke(
      getOrder,
      as({ method: 'GET', path: `/api/admin/orders/${order.orderNumber}`, params: { orderNumber: order.orderNumber } }),
    );
    expect(detail.body.timeline.map((e: { text: string }) => e.text)).toEqual([
      'Order placed, $73.99 paid',
      'Shipped with USPS, tracking 9400',
      '"On its way" mail sent to the customer',
    ]);
  });
});

describe('changing the tracking after shipping', () => {
  const change = (orderNumber: string, body: unknown) =>
    invoke(
      changeTrackingHandler,
      as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/tracking`, params: { orderNumber }, body }),
    );

  it('corrects the carrier and number, mails the corrected link once per change, and shows it on the timeline; the same values again change nothing', async () => {
    const order = await placeOrder();
    const shipped = (await ship(order.orderNumber, { carrier: 'UPS', trackingNumber: '1ZWRONG' })).body;
    expect(shipped.version).toBe(2);
    const email = order.shippingAddress.email;

    const corrected = await change(order.orderNumber, {
      carrier: 'FedEx',
      trackingNumber: '123456789012',
      version: shipped.version,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      status: 'completed',
      carrier: 'FedEx',
      trackingNumber: '123456789012',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
      version: 3,
    });
    const mails = mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `New tracking for your order ${order.orderNumber}`,
      `Your order ${order.orderNumber} is on its way`,
    ]);
    expect(mails[0].text).toContain('FedEx: 123456789012');
    expect(mails[0].text).toContain('Track it: https://www.fedex.com/fedextrack/?trknbr=123456789012');
    // The customer's page shows the corrected link.
    expect((await look(order.orderNumber, email)).body.order.trackingUrl).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );

    // The same correction again (a second press, or the old version from a second tab): 200, nothing more.
    for (const version of [3, 2]) {
      const again = await change(order.orderNumber, { carrier: 'FedEx', trackingNumber: '123456789012', version });
      expect(again.status).toBe(200);
      expect(again.body.version).toBe(3);
    }
    expect(mailsTo(email)).toHaveLength(2);

    // A page that read the order before the correction cannot overwrite it with yet another number.
    const stale = await change(order.orderNumber, { carrier: 'UPS', trackingNumber: '1ZOTHER', version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'The tracking of this order was changed meanwhile; it is now FedEx, tracking 123456789012. Nothing was changed: look at the order again and correct it if needed.',
    );

    // Removing the number (it had none after all): the mail says so and names the carrier.
    const none = await change(order.orderNumber, { carrier: 'FedEx', version: 3 });
    expect(none.body).toMatchObject({ carrier: 'FedEx', trackingNumber: null, trackingUrl: null, version: 4 });
    expect(mailsTo(email)[0].text).toContain('It is on its way with FedEx, without a tracking number.');
    expect((await orders.get({ orderNumber: order.orderNumber }))!.trackingChanges!.map((c) => c.mail.status)).toEqual([
      'sent',
      'sent',
    ]);

    const detail = await invoke(
      getOrder,
      as({ method: 'GET', path: `/api/admin/orders/${order.orderNumber}`, params: { orderNumber: order.orderNumber } }),
    );
    expect(detail.body.timeline.map((e: { text: string }) => e.text)).toEqual([
      'Order placed, $73.99 paid',
      'Shipped with UPS, tracking 1ZWRONG',
      '"On its way" mail sent to the customer',
      'Tracking changed to FedEx, tracking 123456789012 (was UPS, tracking 1ZWRONG)',
      'Corrected tracking mailed to the customer',
      'Tracking changed to FedEx, no tracking number (was FedEx, tracking 123456789012)',
      'Corrected tracking mailed to the customer',
    ]);
  });

  it('two tabs sending the same correction at once: one change, one mail', async () => {
    const order = await placeOrder();
    const { version } = (await ship(order.orderNumber, { carrier: 'USPS', trackingNumber: '9400WRONG' })).body;
    const results = await Promise.all(
      [1, 2, 3].map(() => change(order.orderNumber, { carrier: 'USPS', trackingNumber: '9400RIGHT', version })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.trackingNumber)).toEqual(['9400RIGHT', '9400RIGHT', '9400RIGHT']);
    expect(mailsTo(order.shippingAddress.email).filter((m) => m.subject.startsWith('New tracking'))).toHaveLength(1);
    expect((await orders.get({ orderNumber: order.orderNumber }))!.trackingChanges).toHaveLength(1);
  });

  it('only a shipped order has tracking to change; a bad number or no version is refused', async () => {
    const pending = await placeOrder();
    expect((await change(pending.orderNumber, { carrier: 'UPS', trackingNumber: '1Z', version: 1 })).status).toBe(409);
    const shipped = await placeOrder();
    await ship(shipped.orderNumber, {});
    expect((await change(shipped.orderNumber, { carrier: 'UPS', trackingNumber: '1Z' })).status).toBe(400);
    expect(
      (await change(shipped.orderNumber, { trackingNumber: '<b>', version: 2 })).body.error.fields.trackingNumber,
    ).toBe('Use letters, digits and - only.');
    expect((await change('pi_unknown', { trackingNumber: '1Z', version: 2 })).status).toBe(404);
    expect(mailsTo(pending.shippingAddress.email)).toHaveLength(0);
  });
});

describe('order look-up and the customer order page', () => {
  it('answers the order with status and tracking for its number and email (any case); unknown order and wrong email give the same 404', async () => {
    const order = await placeOrder();
    await ship(order.orderNumber, { carrier: 'FedEx', trackingNumber: '123456789012' });
    const found = await look(order.orderNumber, order.shippingAddress.email.toUpperCase());
    expect(found.status).toBe(200);
    expect(found.body.order).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'completed',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(found.body.replaceable).toEqual({ 'tee|M': 2, 'candle|CANDLE': 1 });
    const wrongEmail = await look(order.orderNumber, 'someone-else@example.com');
    const unknown = await look('pi_doesnotexist', order.shippingAddress.email);
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.body).toEqual(unknown.body);
    expect((await look('not-an-order', order.shippingAddress.email)).status).toBe(400);
  });

  it("a signed-in customer reads their own order; anyone else's is a 404", async () => {
    const mine = await placeOrder({ customer: customer.userId });
    const theirs = await placeOrder({ customer: 'someone-else' });
    const read = (orderNumber: string) =>
      invoke(getCustomerOrder, {
        method: 'GET',
        path: `/auth/orders/${orderNumber}`,
        params: { orderNumber },
        token: customer.token,
      });
    const ok = await read(mine.orderNumber);
    expect(ok.status).toBe(200);
    expect(ok.body.order).toMatchObject({ orderNumber: mine.orderNumber, status: 'pending', trackingUrl: null });
    expect(ok.body.replaceable).toEqual({});
    expect((await read(theirs.orderNumber)).status).toBe(404);
  });
});

describe('replacements', () => {
  it('a guest asks for a replacement of chosen units; the request is mailed, listed for the admin, and counted against the line', async () => {
    const order = await placeOrder();
    await ship(order.orderNumber, { carrier: 'USPS', trackingNumber: '9400' });
    const asked = await ask({
      orderNumber: order.orderNumber,
      email: order.shippingAddress.email,
      lines: [{ id: 'tee', size: 'M', quantity: 1 }],
    });
    expect(asked.status).toBe(201);
    expect(asked.body.replacement).toMatchObject({
      id: `${order.orderNumber}_r1`,
      status: 'open',
      lines: [{ id: 'tee', size: 'M', quantity: 1, name: 'Tee' }],
    });
    expect(mailsTo(order.shippingAddress.email)[0].subject).toBe(
      `We received your replacement request for order ${order.orderNumber}`,
    );
    // The owner is told at the shop's address: who asks, for what, and why.
    const notices = mailsTo('shop@example.com').filter(
      (m) => m.subject === `Replacement requested for order ${order.orderNumber}`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].replyTo).toEqual([order.shippingAddress.email]);
    expect(notices[0].text).toContain(`${order.orderNumber}_r1`);
    expect(notices[0].text).toContain('1 x Tee (M)');
    expect(notices[0].text).toContain('It arrived torn.');
    const page = await look(order.orderNumber, order.shippingAddress.email);
    expect(page.body.replaceable).toEqual({ 'tee|M': 1, 'candle|CANDLE': 1 });
    expect(page.body.replacements).toHaveLength(1);
    const open = await invoke(listReplacements, as({ method: 'GET', path: '/api/admin/replacements' }));
    expect(open.body.replacements.map((r: { id: string }) => r.id)).toContain(`${order.orderNumber}_r1`);

    // More than is left, a line not in the order, a wrong email: refused, nothing stored.
    const tooMany = await ask({
      orderNumber: order.orderNumber,
      email: order.shippingAddress.email,
      lines: [{ id: 'tee', size: 'M', quantity: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.message).toBe('You can ask for at most 1 of Tee (M).');
    expect(
      (
        await ask({
          orderNumber: order.orderNumber,
          email: order.shippingAddress.email,
          lines: [{ id: 'tee', size: 'L', quantity: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await ask({
          orderNumber: order.orderNumber,
          email: 'x@example.com',
          lines: [{ id: 'tee', size: 'M', quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await ask({
          orderNumber: order.orderNumber,
          email: order.shippingAddress.email,
          lines: [{ id: 'tee', size: 'M', quantity: 1 }],
          reason: '',
        })
      ).status,
    ).toBe(400);
    expect(await replacements.query('byOrder', { orderNumber: order.orderNumber })).toHaveLength(1);
  });

  it('two requests at once for the last unit of a line: exactly one is taken', async () => {
    const order = await placeOrder();
    await ship(order.orderNumber);
    const body = {
      orderNumber: order.orderNumber,
      email: order.shippingAddress.email,
      lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    };
    const results = await Promise.all([ask(body), ask(body), ask(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await orders.get({ orderNumber: order.orderNumber }))!.replaced).toEqual({ 'candle|CANDLE': 1 });
    expect(await replacements.query('byOrder', { orderNumber: order.orderNumber })).toHaveLength(1);
  });

  it('only a shipped order, and only within 30 days of shipping', async () => {
    const pending = await placeOrder();
    const body = (order: OrderRecord) => ({
      orderNumber: order.orderNumber,
      email: order.shippingAddress.email,
      lines: [{ id: 'candle', size: 'CANDLE' as const, quantity: 1 }],
    });
    expect((await ask(body(pending))).body.error.message).toBe(
      'A replacement can be asked for once the order has shipped.',
    );
    const old = await placeOrder({ status: 'completed', completedAt: new Date(Date.now() - 31 * DAY).toISOString() });
    const late = await ask(body(old));
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/^Replacements can be asked for within 30 days of shipping/);
    expect((await look(old.orderNumber, old.shippingAddress.email)).body.replaceable).toEqual({});
    const recent = await placeOrder({
      status: 'completed',
      completedAt: new Date(Date.now() - 29 * DAY).toISOString(),
    });
    expect((await ask(body(recent))).status).toBe(201);
    // The rule itself at the boundary: day 30 still counts, the moment after it does not.
    const shippedAt = new Date('2025-03-01T12:00:00Z');
    const edge = await placeOrder({ status: 'completed', completedAt: shippedAt.toISOString() });
    await expect(
      requestReplacement({ ...body(edge), reason: 'x' }, new Date(shippedAt.getTime() + 30 * DAY + 1)),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      requestReplacement({ ...body(edge), reason: 'x' }, new Date(shippedAt.getTime() + 30 * DAY)),
    ).resolves.toMatchObject({ replacement: { status: 'open' } });
  });

  it('approving takes the stock in one transaction and writes a $0 replacement order linked to the original; two tabs approve once', async () => {
    const order = await placeOrder();
    await ship(order.orderNumber);
    const id = (
      await ask({
        orderNumber: order.orderNumber,
        email: order.shippingAddress.email,
        lines: [
          { id: 'tee', size: 'M', quantity: 1 },
          { id: 'candle', size: 'CANDLE', quantity: 1 },
        ],
      })
    ).body.replacement.id;
    const before = await stock();
    const results = await Promise.all([decideOn(id, { decision: 'approve' }), decideOn(id, { decision: 'approve' })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.replacementOrder)).toEqual([id, id]);
    expect(await stock()).toEqual({ M: before.M - 1, CANDLE: before.CANDLE! - 1 });
    const replacement = (await orders.get({ orderNumber: id }))!;
    expect(replacement).toMatchObject({
      status: 'pending',
      replacementOf: order.orderNumber,
      amounts: { subtotal: 0, shipping: 0, tax: 0, total: 0 },
      customer: 'guest',
    });
    expect(replacement.lines.map((l) => [l.id, l.size, l.quantity, l.price])).toEqual([
      ['tee', 'M', 1, 0],
      ['candle', 'CANDLE', 1, 0],
    ]);
    expect(mailsTo(order.shippingAddress.email).filter((m) => m.subject.includes('is approved'))).toHaveLength(1);
    // Declining after approval is refused; the replacement ships like any order, with its own mail.
    expect((await decideOn(id, { decision: 'decline', message: 'No' })).status).toBe(409);
    expect((await ship(id, { carrier: 'USPS', trackingNumber: '9405' })).body).toMatchObject({
      status: 'completed',
      replacementOf: order.orderNumber,
    });
    expect(mailsTo(order.shippingAddress.email)[0].subject).toBe(`Your replacement ${id} is on its way`);
    const detail = await invoke(
      getOrder,
      as({ method: 'GET', path: `/api/admin/orders/${order.orderNumber}`, params: { orderNumber: order.orderNumber } }),
    );
    expect(detail.body.replacementOrders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([id]);
    expect(detail.body.timeline.map((e: { text: string }) => e.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Order placed/),
        expect.stringMatching(/^Shipped/),
        expect.stringMatching(/^Replacement .* requested/),
        `Replacement ${id} approved`,
        expect.stringMatching(/^Replacement .* shipped/),
      ]),
    );
  });

  it('approving with too little stock answers 409 with the names and changes nothing', async () => {
    const order = await placeOrder({
      lines: [{ id: 'tee', name: 'Tee', image: '/i/tee.svg', price: 2500, size: 'S', quantity: 9, stockRef: 'TEE' }],
    });
    await ship(order.orderNumber);
    const id = (
      await ask({
        orderNumber: order.orderNumber,
        email: order.shippingAddress.email,
        lines: [{ id: 'tee', size: 'S', quantity: 9 }],
      })
    ).body.replacement.id;
    const before = (await stockItems.get({ id: 'TEE' }))!;
    const refused = await decideOn(id, { decision: 'approve' });
    expect(refused.status).toBe(409);
    // Named with its size: the stock item holds every size, the one that ran out is S.
    expect(refused.body.error.message).toBe(`${MESSAGES.outOfStock}\nTee (S)`);
    expect((await stockItems.get({ id: 'TEE' }))!.stock).toEqual(before.stock);
    expect((await replacements.get({ id }))!.status).toBe('open');
    expect(await orders.get({ orderNumber: id })).toBeNull();
  });

  it('declining closes the request with the message (mailed) and frees its units to be asked for again', async () => {
    const order = await placeOrder();
    await ship(order.orderNumber);
    const email = order.shippingAddress.email;
    const id = (await ask({ orderNumber: order.orderNumber, email, lines: [{ id: 'tee', size: 'M', quantity: 2 }] }))
      .body.replacement.id;
    expect((await decideOn(id, { decision: 'decline' })).status).toBe(400);
    const declined = await decideOn(id, { decision: 'decline', message: 'Please send us a photo of the tear.' });
    expect(declined.body.replacement).toMatchObject({
      status: 'declined',
      message: 'Please send us a photo of the tear.',
    });
    expect(mailsTo(email)[0].text).toContain('Please send us a photo of the tear.');
    expect((await decideOn(id, { decision: 'decline', message: 'again' })).body.replacement.message).toBe(
      'Please send us a photo of the tear.',
    );
    expect(mailsTo(email).filter((m) => m.subject.startsWith('About your replacement'))).toHaveLength(1);
    expect((await look(order.orderNumber, email)).body.replaceable['tee|M']).toBe(2);
    expect(
      (await ask({ orderNumber: order.orderNumber, email, lines: [{ id: 'tee', size: 'M', quantity: 2 }] })).body
        .replacement.id,
    ).toBe(`${order.orderNumber}_r2`);
    expect((await decideOn(`${order.orderNumber}_r9`, { decision: 'approve' })).status).toBe(404);
  });
});

describe('a cancelled replacement order (decision 0055)', () => {
  const cancel = (orderNumber: string) =>
    invoke(
      cancelOrderHandler,
      as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/cancel`, params: { orderNumber } }),
    );
  /** A shipped order with an approved request for one tee (M): its $0 replacement order waits to ship. */
  async function approvedReplacement() {
    const order = await placeOrder();
    await ship(order.orderNumber, { carrier: 'UPS', trackingNumber: '1ZORIGINAL' });
    const email = order.shippingAddress.email;
    const id = (await ask({ orderNumber: order.orderNumber, email, lines: [{ id: 'tee', size: 'M', quantity: 2 }] }))
      .body.replacement.id as string;
    const tees = (await stockItems.get({ id: 'TEE' }))!;
    await stockItems.update({ id: 'TEE' }, { set: { stock: { ...tees.stock, M: tees.stock.M + 2 } } });
    expect((await decideOn(id, { decision: 'approve' })).status).toBe(200);
    return { order, email, id };
  }

  it('marks its request cancelled, puts the stock back, frees the units to be asked for again, mails "nothing to refund" and shows on the original', async () => {
    const { order, email, id } = await approvedReplacement();
    expect((await look(order.orderNumber, email)).body.replaceable['tee|M']).toBeUndefined();
    const before = await stock();
    const done = await cancel(id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'cancelled',
      payment: { state: 'no charge (replacement)', refund: null },
    });
    expect(await stock()).toEqual({ ...before, M: before.M + 2 });
    expect(await replacements.get({ id })).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect((await orders.get({ orderNumber: order.orderNumber }))!.replaced).toEqual({ 'tee|M': 0 });

    // The customer's page: the request says cancelled, and the units can be asked for again.
    const page = (await look(order.orderNumber, email)).body;
    expect(page.replacements[0]).toMatchObject({ id, status: 'cancelled', shipment: { status: 'cancelled' } });
    expect(page.replaceable['tee|M']).toBe(2);
    // One mail, with nothing about a refund and no empty line where one would be.
    const mails = mailsTo(email).filter((m) => m.subject === `Your replacement ${id} was cancelled`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('It was free of charge, so there is nothing to refund.');
    expect(mails[0].text).not.toMatch(/refunded|\n\n\n/);

    // The original's admin page: the request's state and a timeline entry; the admin's list of cancelled requests.
    const detail = (
      await invoke(
        getOrder,
        as({
          method: 'GET',
          path: `/api/admin/orders/${order.orderNumber}`,
          params: { orderNumber: order.orderNumber },
        }),
      )
    ).body;
    expect(detail.replacements[0]).toMatchObject({ id, status: 'cancelled' });
    expect(detail.replacementOrders[0]).toMatchObject({ orderNumber: id, status: 'cancelled' });
    const texts = detail.timeline.map((e: { text: string }) => e.text);
    expect(texts.slice(-2)).toEqual([
      `Replacement ${id} approved`,
      `Replacement ${id} cancelled before it shipped; its items can be asked for again`,
    ]);
    const cancelled = await invoke(
      listReplacements,
      as({ method: 'GET', path: '/api/admin/replacements', query: { status: 'cancelled' } }),
    );
    expect(cancelled.body.replacements.find((r: { id: string }) => r.id === id)).toMatchObject({
      status: 'cancelled',
      replacementOrder: id,
    });

    // Asked for again: a new request, numbered on; deciding the cancelled one is refused.
    const again = await ask({ orderNumber: order.orderNumber, email, lines: [{ id: 'tee', size: 'M', quantity: 2 }] });
    expect(again.body.replacement.id).toBe(`${order.orderNumber}_r2`);
    expect((await decideOn(id, { decision: 'approve' })).status).toBe(409);
    // Pressing cancel again changes nothing more.
    expect((await cancel(id)).status).toBe(200);
    expect(await stock()).toEqual({ ...before, M: before.M + 2 });
    expect((await orders.get({ orderNumber: order.orderNumber }))!.replaced).toEqual({ 'tee|M': 2 });
    expect(mailsTo(email).filter((m) => m.subject === `Your replacement ${id} was cancelled`)).toHaveLength(1);
  });

  it('two tabs cancelling it at once: the units are freed once, stock back once, one mail', async () => {
    const { order, email, id } = await approvedReplacement();
    // Another line's request keeps its units held: only the cancelled request's come back.
    await ask({ orderNumber: order.orderNumber, email, lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const before = await stock();
    const results = await Promise.all([cancel(id), cancel(id), cancel(id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stock()).toEqual({ ...before, M: before.M + 2 });
    expect((await orders.get({ orderNumber: order.orderNumber }))!.replaced).toEqual({
      'tee|M': 0,
      'candle|CANDLE': 1,
    });
    expect(mailsTo(email).filter((m) => m.subject === `Your replacement ${id} was cancelled`)).toHaveLength(1);
  });

  it("once the replacement ships, the original's page shows its tracking", async () => {
    const { order, email, id } = await approvedReplacement();
    expect((await look(order.orderNumber, email)).body.replacements[0]).toMatchObject({
      id,
      status: 'approved',
      shipment: { status: 'pending', trackingUrl: null },
    });
    await ship(id, { carrier: 'USPS', trackingNumber: '9405REPLACE' });
    const page = (await look(order.orderNumber, email)).body;
    expect(page.order.trackingNumber).toBe('1ZORIGINAL');
    expect(page.replacements[0].shipment).toMatchObject({
      status: 'completed',
      carrier: 'USPS',
      trackingNumber: '9405REPLACE',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9405REPLACE',
      shippedAt: expect.any(String),
    });
  });
});

describe('the archive and the dashboard', () => {
  let archive: OrderRecord[];
  beforeAll(async () => {
    archive = [];
    for (let day = 1; day <= 6; day++) {
      archive.push(
        await placeOrder({
          status: 'completed',
          createdAt: `2024-02-0${day}T12:00:00Z`,
          completedAt: `2024-02-0${day}T15:00:00Z`,
          shippingAddress: {
            name: day === 3 ? 'Zelda Quince' : 'Arch Ive',
            email: `archive-${day}@example.com`,
            line1: 'x',
            city: 'y',
            state: 'TX',
            zip: '73301',
          },
        }),
      );
    }
  });
  const list = (query: Record<string, string>) =>
    invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders', query: { status: 'completed', ...query } }));

  it('pages a date range newest first with a cursor, finds by name, email or order number', async () => {
    const first = await list({ from: '2024-02-02', to: '2024-02-05', limit: '3' });
    expect(first.body.orders.map((o: { createdAt: string }) => o.createdAt.slice(0, 10))).toEqual([
      '2024-02-05',
      '2024-02-04',
      '2024-02-03',
    ]);
    const second = await list({ from: '2024-02-02', to: '2024-02-05', limit: '3', cursor: first.body.nextCursor });
    expect(second.body.orders.map((o: { createdAt: string }) => o.createdAt.slice(0, 10))).toEqual(['2024-02-02']);
    expect(
      (await list({ q: 'zelda', from: '2024-02-01', to: '2024-02-29' })).body.orders.map(
        (o: { orderNumber: string }) => o.orderNumber,
      ),
    ).toEqual([archive[2].orderNumber]);
    expect((await list({ q: 'ARCHIVE-5@', from: '2024-02-01', to: '2024-02-29' })).body.orders).toHaveLength(1);
    expect(
      (await list({ q: archive[0].orderNumber })).body.orders.map((o: { orderNumber: string }) => o.orderNumber),
    ).toEqual([archive[0].orderNumber]);
    expect((await list({ cursor: 'bm9wZQ' })).status).toBe(400);
    expect((await list({ from: '2024-03-01', to: '2024-02-01' })).status).toBe(400);
  });

  it('exports a date range as CSV', async () => {
    const csv = await list({ from: '2024-02-01', to: '2024-02-06', format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="orders-completed-2024-02-01-to-2024-02-06.csv"',
    );
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows[0]).toBe(
      'order,date,status,shipped,name,email,address,city,state,zip,items,subtotal,discount,discounts,shipping,tax,total,carrier,tracking,replacement of,payment,refunded,refunds',
    );
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual([...archive].reverse().map((o) => o.orderNumber));
    expect(rows[1].split(',').slice(1, 6)).toEqual([
      '2024-02-06T12:00:00Z',
      'Shipped',
      '2024-02-06T15:00:00Z',
      'Arch Ive',
      'archive-6@example.com',
    ]);
    expect(rows[1]).toContain(',2 x Tee (M); 1 x Candle (CANDLE),');
    expect(rows[1]).toContain(',68.00,0.00,,5.99,0.00,73.99,');
    // An order from before decision 0102 was paid by the intent its number is.
    expect(rows[1].split(',')[rows[0].split(',').indexOf('payment')]).toBe([...archive].reverse()[0].orderNumber);
  });

  it('counts sales today and in 30 days, orders to ship, open requests and low stock', async () => {
    const { status, body } = await invoke(
      getDashboard,
      as({ method: 'GET', path: '/api/admin/dashboard', query: { threshold: '2' } }),
    );
    expect(status).toBe(200);
    const all = [
      ...(await orders.query('byStatus', { status: 'pending' })),
      ...(await orders.query('byStatus', { status: 'completed' })),
    ];
    const paidToday = all.filter((o) => !o.replacementOf && o.createdAt >= new Date().toISOString().slice(0, 10));
    expect(body.today).toEqual({
      orders: paidToday.length,
      revenue: paidToday.reduce((s, o) => s + o.amounts.total, 0),
      discounts: 0,
    });
    expect(body.waitingToShip).toBe((await orders.query('byStatus', { status: 'pending' })).length);
    expect(body.openReplacements).toBe((await replacements.query('byStatus', { status: 'open' })).length);
    const item = (await stockItems.get({ id: 'TEE' }))!;
    expect(body.lowStock.filter((row: { kind: string }) => row.kind === 'stockItem')).toEqual(
      (['S', 'M', 'L', 'XL', '2XL'] as const)
        .filter((s) => item.stock[s] <= 2)
        .map((size) => expect.objectContaining({ id: 'TEE', size, count: item.stock[size] })),
    );
    expect(
      (await invoke(getDashboard, as({ method: 'GET', path: '/api/admin/dashboard', query: { threshold: '-1' } })))
        .status,
    ).toBe(400);
  });
});

it('CSV cells that a spreadsheet would run as a formula are defused, and commas and quotes are quoted', async () => {
  const order = await placeOrder({
    status: 'completed',
    createdAt: '2023-05-01T10:00:00Z',
    completedAt: '2023-05-02T10:00:00Z',
    shippingAddress: {
      name: '=HYPERLINK("x")',
      email: 'formula@example.com',
      line1: '1 Main St, Apt 2',
      city: 'y',
      state: 'TX',
      zip: '73301',
    },
  });
  const csv = await invoke(
    listOrders,
    as({
      method: 'GET',
      path: '/api/admin/orders',
      query: { status: 'completed', from: '2023-05-01', to: '2023-05-01', format: 'csv' },
    }),
  );
  const row = (csv.body as string).split('\r\n')[1];
  expect(row.startsWith(order.orderNumber)).toBe(true);
  expect(row).toContain(`,"'=HYPERLINK(""x"")",formula@example.com,"1 Main St, Apt 2",`);
});

describe('cancel before shipping', () => {
  /** A pending order paid through the test processor (its intent succeeded). */
  async function paidOrder() {
    const order = await placeOrder();
    await testPaymentIntents.create({
      id: order.orderNumber,
      clientSecret: `${order.orderNumber}_secret_x`,
      amount: order.amounts.total,
      currency: 'usd',
      status: 'succeeded',
      metadata: {},
    });
    return order;
  }
  const cancel = (orderNumber: string) =>
    invoke(
      cancelOrderHandler,
      as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/cancel`, params: { orderNumber } }),
    );
  const refunds = async (id: string) => (await testPaymentIntents.get({ id }))!.refunds ?? [];

  it('cancels: stock back, the payment refunded with a key from the order, the customer mailed; pressing again changes nothing', async () => {
    const order = await paidOrder();
    const before = await stock();
    const done = await cancel(order.orderNumber);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'cancelled',
      payment: { state: 'refunded', refund: { status: 'refunded' } },
    });
    expect(await stock()).toEqual({ M: before.M + 2, CANDLE: before.CANDLE! + 1 });
    expect(await refunds(order.orderNumber)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${order.orderNumber}`, amount: 7399, status: 'succeeded' }),
    ]);
    const mails = mailsTo(order.shippingAddress.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.orderNumber} was cancelled`]);
    expect(mails[0].text).toContain('The full amount, $73.99, is refunded to your card');

    const again = await cancel(order.orderNumber);
    expect(again.status).toBe(200);
    expect(await stock()).toEqual({ M: before.M + 2, CANDLE: before.CANDLE! + 1 });
    expect(await refunds(order.orderNumber)).toHaveLength(1);
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
    // A cancelled order does not ship, and a shipped one does not cancel.
    expect((await ship(order.orderNumber, {})).status).toBe(409);
    const shipped = await paidOrder();
    await ship(shipped.orderNumber);
    expect((await cancel(shipped.orderNumber)).body.error.message).toBe(
      'This order has shipped and can no longer be cancelled.',
    );
    expect(await refunds(shipped.orderNumber)).toEqual([]);
  });

  it('two tabs cancelling at once: stock back once, one refund, one mail', async () => {
    const order = await paidOrder();
    const before = await stock();
    const results = await Promise.all([
      cancel(order.orderNumber),
      cancel(order.orderNumber),
      cancel(order.orderNumber),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stock()).toEqual({ M: before.M + 2, CANDLE: before.CANDLE! + 1 });
    expect(await refunds(order.orderNumber)).toHaveLength(1);
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
  });

  it('ship and cancel at the same moment: exactly one of them happens', async () => {
    const order = await paidOrder();
    const before = await stock();
    const [shipped, cancelled] = await Promise.all([ship(order.orderNumber, {}), cancel(order.orderNumber)]);
    const final = (await orders.get({ orderNumber: order.orderNumber }))!;
    expect([shipped.status, cancelled.status].sort()).toEqual([200, 409]);
    if (final.status === 'completed') {
      expect(await stock()).toEqual(before);
      expect(await refunds(order.orderNumber)).toEqual([]);
    } else {
      expect(final.status).toBe('cancelled');
      expect(await stock()).toEqual({ M: before.M + 2, CANDLE: before.CANDLE! + 1 });
    }
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
  });

  it('a crash between the cancellation and the refund is finished by pressing again: one refund, one mail, stock back once', async () => {
    const order = await paidOrder();
    const before = await stock();
    const refund = jest
      .spyOn(TestPaymentProvider.prototype, 'refund')
      .mockRejectedValueOnce(new Error('the function stopped here'));
    try {
      expect((await cancel(order.orderNumber)).status).toBe(500);
    } finally {
      refund.mockRestore();
    }
    const halfway = (await orders.get({ orderNumber: order.orderNumber }))!;
    expect(halfway).toMatchObject({
      status: 'cancelled',
      refund: { status: 'pending' },
      cancelMail: { status: 'pending' },
    });
    expect(await stock()).toEqual({ M: before.M + 2, CANDLE: before.CANDLE! + 1 });
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(0);
    const detail = await invoke(
      getOrder,
      as({ method: 'GET', path: `/api/admin/orders/${order.orderNumber}`, params: { orderNumber: order.orderNumber } }),
    );
    expect(detail.body.order.payment.state).toBe('refund pending');
    // The customer is told the refund is under way, not that it is done.
    expect((await look(order.orderNumber, order.shippingAddress.email)).body.order).toMatchObject({
      status: 'cancelled',
      refund: 'under-way',
    });

    const finished = await cancel(order.orderNumber);
    expect(finished.body).toMatchObject({ status: 'cancelled', payment: { state: 'refunded' } });
    expect((await look(order.orderNumber, order.shippingAddress.email)).body.order).toMatchObject({
      status: 'cancelled',
      refund: 'refunded',
    });
    expect(await refunds(order.orderNumber)).toHaveLength(1);
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
    expect(await stock()).toEqual({ M: before.M + 2, CANDLE: before.CANDLE! + 1 });
  });

  it('a refund the provider still has pending (as Stripe can answer) is mailed as under way, not as done', async () => {
    const order = await paidOrder();
    const refund = jest
      .spyOn(TestPaymentProvider.prototype, 'refund')
      .mockResolvedValueOnce({ id: 're_pending', status: 'pending' });
    try {
      expect((await cancel(order.orderNumber)).body).toMatchObject({
        status: 'cancelled',
        payment: { state: 'refund pending' },
      });
    } finally {
      refund.mockRestore();
    }
    const mails = mailsTo(order.shippingAddress.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('The full amount, $73.99, is on its way back to your card');
    expect(mails[0].text).not.toContain('is refunded');
  });

  it('the refund key answers the same refund when asked twice (the provider side of "exactly once")', async () => {
    const order = await paidOrder();
    const provider = new TestPaymentProvider();
    const [a, b] = await Promise.all([
      provider.refund(order.orderNumber, { idempotencyKey: 'k1' }),
      provider.refund(order.orderNumber, { idempotencyKey: 'k1' }),
    ]);
    expect(a).toEqual(b);
    expect(await refunds(order.orderNumber)).toHaveLength(1);
    await expect(provider.refund(order.orderNumber, { idempotencyKey: 'k2' })).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
