import { randomUUID } from 'node:crypto';
import { orders, type OrderRecord } from '../../db/entities/order';
import { parcelsOut, trackingEvents } from '../../db/entities/parcel-tracking';
import { dashboard } from '../../domain/admin/dashboard';
import { startShippingStandIn, webhookSignature, type ShippingStandIn } from '../../local/shipping-stand-in';
import { createCandle } from '#tests/checkout';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as completeOrder } from '../admin/complete-order';
import { handler as getOrder } from '../admin/get-order';
import { handler as lookup } from './lookup-order';
import { handler as webhook } from './shipping-webhook';

/**
 * Tracking that updates itself (issue 53 item 4, docs/decisions/0176) against DynamoDB Local and the shipping
 * provider's stand-in, whose trackers EasyPost's own client registers and whose signed tracker.updated events reach
 * the webhook's handler: repeated, out-of-order and simultaneous events give one mail per step and the right final
 * state; a forged or missing signature changes nothing; an unknown parcel is acknowledged and ignored; a provider that
 * does not answer never fails the ship step; late parcels are counted.
 */
let provider: ShippingStandIn;
let admin: string;
const SECRET = 'whsec-test-' + randomUUID();

const post = (body: string, headers: Record<string, string>) =>
  invoke(webhook, { method: 'POST', path: '/api/shipping/webhook', body, headers });

beforeAll(async () => {
  await useFreshTable();
  provider = await startShippingStandIn();
  provider.webhook = { secret: SECRET, send: async (body, headers) => (await post(body, headers)).status };
  process.env.SHIPPING_API_KEY = provider.apiKey;
  process.env.SHIPPING_API_BASE = provider.baseUrl;
  process.env.SHIPPING_WEBHOOK_SECRET = SECRET;
  process.env.SHIPPING_TIMEOUT_MS = '10000';
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(50);
});

afterAll(async () => {
  for (const name of ['SHIPPING_API_KEY', 'SHIPPING_API_BASE', 'SHIPPING_WEBHOOK_SECRET', 'SHIPPING_TIMEOUT_MS'])
    delete process.env[name];
  await provider.stop();
});

/** A paid order waiting to ship, for a fresh email. */
async function placeOrder(): Promise<OrderRecord> {
  const email = `buyer-${randomUUID()}@example.com`;
  return orders.put({
    orderNumber: `${Math.floor(Math.random() * 9e8) + 1e8}`,
    customer: 'guest',
    status: 'pending',
    createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    shippingAddress: { name: 'Gail Guest', email, line1: '3 Pine Rd', city: 'Reno', state: 'NV', zip: '89501' },
    lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 }],
    amounts: { subtotal: 1800, discount: 0, shipping: 599, tax: 0, total: 2399 },
  });
}

const ship = (orderNumber: string, body: unknown) =>
  invoke(completeOrder, {
    method: 'POST',
    path: `/api/admin/orders/${orderNumber}/complete`,
    params: { orderNumber },
    body,
    token: admin,
  });
const read = async (orderNumber: string) => (await orders.get({ orderNumber }, { consistent: true }))!;
const mailsTo = (email: string) => sentMails().filter((mail) => mail.to.includes(email));
const subjects = (email: string) => mailsTo(email).map((mail) => mail.subject);
const trackingCode = () => `9400${Math.floor(Math.random() * 1e15)}`;

/** Ships an order with USPS and a fresh tracking number; answers the order and its tracker's id at the stand-in. */
async function shipped() {
  const order = await placeOrder();
  const code = trackingCode();
  const answer = await ship(order.orderNumber, { carrier: 'USPS', trackingNumber: code });
  expect(answer.status).toBe(200);
  const after = await read(order.orderNumber);
  return { order: after, code, email: order.shippingAddress.email, trackerId: after.tracking?.trackerId ?? '' };
}

describe('the ship step registers a tracker', () => {
  it("keeps the provider's tracker id on the order; the parcel is registered and counted out", async () => {
    const { order, code, trackerId } = await shipped();
    expect(trackerId).toMatch(/^trk_/);
    const tracker = provider.trackers.get(trackerId)!;
    expect(tracker).toMatchObject({ tracking_code: code, carrier: 'USPS' });
    expect(order.tracking).toMatchObject({ status: 'registered', steps: [] });
    expect(order.tracking!.registerError).toBeUndefined();
    expect(await parcelsOut.get({ orderNumber: order.orderNumber })).toMatchObject({
      expectedBy: order.tracking!.expectedBy,
    });
    // The shipping mail went as before.
    expect(subjects(order.shippingAddress.email)).toEqual([`Your order #${order.orderNumber} is on its way`]);
  });

  it('does not fail the ship step when the provider does not answer; the note is on the timeline', async () => {
    process.env.SHIPPING_TIMEOUT_MS = '200';
    provider.delayMs = 2000;
    try {
      const { order, code, email } = await shipped();
      expect(order.status).toBe('completed');
      expect(order.tracking).toMatchObject({ status: 'registered', registerAttempts: 1 });
      expect(order.tracking!.trackerId).toBeUndefined();
      expect(order.tracking!.registerError).toMatch(/did not answer in time/);
      const detail = await invoke(getOrder, {
        method: 'GET',
        path: `/api/admin/orders/${order.orderNumber}`,
        params: { orderNumber: order.orderNumber },
        token: admin,
      });
      expect(detail.body.timeline.map((entry: { text: string }) => entry.text)).toContain(
        'Tracking updates could not be turned on yet; the shop tries again',
      );
      provider.delayMs = 0;
      // Its events still find it by carrier and tracking code (a tracker made elsewhere: a label bought, the dashboard).
      process.env.SHIPPING_TIMEOUT_MS = '10000';
      const tracker = [...provider.trackers.values()].find((t) => t.tracking_code === code);
      const id = tracker?.id ?? (await registerAtStandIn(code));
      expect((await provider.advance(id, 'delivered')).answered).toBe(200);
      expect((await read(order.orderNumber)).tracking).toMatchObject({ status: 'delivered', trackerId: id });
      expect(subjects(email)).toContain(`Your order #${order.orderNumber} was delivered`);
    } finally {
      provider.delayMs = 0;
      process.env.SHIPPING_TIMEOUT_MS = '10000';
    }
  });
});

/** A tracker made at the stand-in for a code (as EasyPost's dashboard or a label would), through its own API. */
async function registerAtStandIn(code: string): Promise<string> {
  const answer = await fetch(`${provider.baseUrl}trackers`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${provider.apiKey}:`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ tracker: { tracking_code: code, carrier: 'USPS' } }),
  });
  return ((await answer.json()) as { id: string }).id;
}

describe('tracker.updated events', () => {
  it('moves the parcel forward once: repeated, late and simultaneous events give one mail per step', async () => {
    const { order, email, trackerId } = await shipped();
    const inTransit = provider.trackerEvent(trackerId, 'in_transit');
    const outForDelivery = provider.trackerEvent(trackerId, 'out_for_delivery');
    const delivered = provider.trackerEvent(trackerId, 'delivered');
    const send = (body: string) => provider.sendWebhook(body);

    expect(await send(inTransit)).toBe(200);
    expect((await read(order.orderNumber)).tracking!.status).toBe('in_transit');
    // The same event three times at once, then once more: one step, one mail.
    expect(await Promise.all([send(outForDelivery), send(outForDelivery), send(outForDelivery)])).toEqual([
      200, 200, 200,
    ]);
    expect(await send(outForDelivery)).toBe(200);
    // A late in_transit (a new event id, an older step): nothing moves back.
    expect(await send(provider.trackerEvent(trackerId, 'in_transit'))).toBe(200);
    expect((await read(order.orderNumber)).tracking!.status).toBe('out_for_delivery');
    expect(await Promise.all([send(delivered), send(provider.trackerEvent(trackerId, 'delivered'))])).toEqual([
      200, 200,
    ]);
    expect(await send(delivered)).toBe(200);
    expect(await send(provider.trackerEvent(trackerId, 'out_for_delivery'))).toBe(200);

    const after = await read(order.orderNumber);
    expect(after.tracking!.status).toBe('delivered');
    expect(after.tracking!.steps.map((step) => step.status)).toEqual(['in_transit', 'out_for_delivery', 'delivered']);
    expect(subjects(email).sort()).toEqual(
      [
        `Your order #${order.orderNumber} is on its way`,
        `Your order #${order.orderNumber} is out for delivery`,
        `Your order #${order.orderNumber} was delivered`,
      ].sort(),
    );
    // Delivered: no longer among the parcels out.
    expect(await parcelsOut.get({ orderNumber: order.orderNumber })).toBeNull();
    // Each event id once.
    expect(await trackingEvents.get({ eventId: JSON.parse(outForDelivery).id })).toMatchObject({
      outcome: 'moved to out_for_delivery',
    });
  });

  it('delivered before out for delivery: the delivered mail only, and no stale one after', async () => {
    const { order, email, trackerId } = await shipped();
    const outForDelivery = provider.trackerEvent(trackerId, 'out_for_delivery');
    expect(await provider.sendWebhook(provider.trackerEvent(trackerId, 'delivered'))).toBe(200);
    expect(await provider.sendWebhook(outForDelivery)).toBe(200);
    expect(await provider.sendWebhook(provider.trackerEvent(trackerId, 'in_transit'))).toBe(200);
    expect((await read(order.orderNumber)).tracking).toMatchObject({ status: 'delivered' });
    expect(subjects(email).filter((subject) => !subject.endsWith('on its way'))).toEqual([
      `Your order #${order.orderNumber} was delivered`,
    ]);
    // The customer's order page says so, with its time.
    const page = await invoke(lookup, {
      method: 'POST',
      path: '/api/orders/lookup',
      body: { orderNumber: order.orderNumber, email },
    });
    expect(page.status).toBe(200);
    expect(page.body.order.tracking).toMatchObject({ status: 'delivered', estimatedDelivery: null });
    expect(page.body.order.tracking.steps.map((s: { status: string }) => s.status)).toEqual(['delivered']);
  });

  it('shows the estimated delivery date while the parcel is on its way', async () => {
    const { order, email, trackerId } = await shipped();
    await provider.advance(trackerId, 'in_transit');
    const page = await invoke(lookup, {
      method: 'POST',
      path: '/api/orders/lookup',
      body: { orderNumber: order.orderNumber, email },
    });
    const estimate = provider.trackers.get(trackerId)!.est_delivery_date;
    expect(page.body.order.tracking).toMatchObject({ status: 'in_transit', estimatedDelivery: estimate });
    expect((await read(order.orderNumber)).tracking!.expectedBy).toBe(estimate.slice(0, 10));
  });

  it('a forged or missing signature is refused and changes nothing', async () => {
    const { order, email, trackerId } = await shipped();
    const event = provider.trackerEvent(trackerId, 'delivered');
    expect(await provider.sendWebhook(event, { secret: 'someone-elses-secret' })).toBe(400);
    expect(await provider.sendWebhook(event, { signature: null })).toBe(400);
    // A body changed after signing.
    const signed = provider.trackerEvent(trackerId, 'in_transit');
    const forged = await post(signed.replace('"in_transit"', '"delivered"'), {
      'content-type': 'application/json',
      'x-hmac-signature': webhookSignature(signed, SECRET),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('The X-Hmac-Signature header does not sign this body.');
    const after = await read(order.orderNumber);
    expect(after.tracking).toEqual(order.tracking);
    expect(after.version).toBe(order.version);
    expect(await trackingEvents.get({ eventId: JSON.parse(event).id })).toBeNull();
    expect(subjects(email)).toEqual([`Your order #${order.orderNumber} is on its way`]);
  });

  it('an unknown tracker is acknowledged and ignored; another kind of event too', async () => {
    const code = trackingCode();
    const id = await registerAtStandIn(code);
    const body = provider.trackerEvent(id, 'delivered');
    const known = await post(body, {
      'content-type': 'application/json',
      'x-hmac-signature': webhookSignature(body, SECRET),
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ received: true, outcome: 'unknown-parcel' });
    const other = JSON.stringify({ id: 'evt_x', object: 'Event', description: 'batch.created', result: {} });
    const ignored = await post(other, {
      'content-type': 'application/json',
      'x-hmac-signature': webhookSignature(other, SECRET),
    });
    expect(ignored.body).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe("the owner's late parcels", () => {
  it('counts shipped parcels not delivered by their expected day, not delivered ones', async () => {
    const late = await shipped();
    const delivered = await shipped();
    await provider.advance(delivered.trackerId, 'delivered');
    const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const figures = await dashboard({ threshold: 3 }, inAMonth);
    const numbers = figures.lateParcels!.orders.map((order) => order.orderNumber);
    expect(numbers).toContain(late.order.orderNumber);
    expect(numbers).not.toContain(delivered.order.orderNumber);
    // Today none of them is late yet.
    const today = await dashboard({ threshold: 3 });
    expect(today.lateParcels!.orders.map((order) => order.orderNumber)).not.toContain(late.order.orderNumber);
  });
});
