import { randomUUID } from 'node:crypto';
import { LABEL_WORDS } from '#shared/labels';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { startShippingStandIn, type ShippingStandIn } from '../../local/shipping-stand-in';
import { handler as buyLabels } from '../../jobs/buy-labels';
import { address, guestIntent, orderNumberOf, pay, recordGuest } from '#tests/checkout';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as shippingRates } from '../checkout/shipping-rates';
import { handler as saveSettings } from '../checkout/save-shipping-settings';
import { handler as buyLabel } from './buy-label';
import { handler as completeOrder } from './complete-order';
import { handler as getBatch } from './get-label-batch';
import { handler as getOrder } from './get-order';
import { handler as labelLinks } from './label-links';
import { handler as labelRates } from './label-rates';
import { handler as startBatch } from './start-label-batch';
import { handler as voidLabel } from './void-label';

/**
 * Labels bought once (issue 53 item 3, docs/decisions/0174 and 0175), against DynamoDB Local, the S3 stand-in and the
 * shipping provider's stand-in that EasyPost's own client talks to: two presses at once buy one label; a crash between
 * buying and recording is finished by the retry without a second purchase; the PDF is a 4x6 kept privately and linked
 * for a few minutes; the label's tracking fills the ship step and its mail; a void within the window is recorded and
 * a new label can be bought at another rate; refusals change nothing; a batch run twice at once buys each order once.
 */
let provider: ShippingStandIn;
let admin: string;
const SETTINGS = {
  offerFlat: true,
  flatCents: 599,
  freeOverCents: null,
  calculated: true,
  shipFrom: {
    name: 'Seasonal Shop',
    street1: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '5125550100',
  },
};
const candle = (quantity = 1) => ({ id: 'candle', size: 'CANDLE', quantity });
const as = (input: Record<string, unknown>) => ({ token: admin, ...input }) as never;
const buy = (orderNumber: string, body: Record<string, unknown>) =>
  invoke(
    buyLabel,
    as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/label`, params: { orderNumber }, body }),
  );
const voidIt = (orderNumber: string, attempt: number) =>
  invoke(
    voidLabel,
    as({
      method: 'POST',
      path: `/api/admin/orders/${orderNumber}/label/void`,
      params: { orderNumber },
      body: { attempt },
    }),
  );
const rerate = (orderNumber: string) =>
  invoke(
    labelRates,
    as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/label/rates`, params: { orderNumber } }),
  );
const links = (orderNumber: string) =>
  invoke(labelLinks, as({ method: 'GET', path: `/api/admin/orders/${orderNumber}/label`, params: { orderNumber } }));
const detail = async (orderNumber: string) =>
  (await invoke(getOrder, as({ method: 'GET', path: `/api/admin/orders/${orderNumber}`, params: { orderNumber } })))
    .body;
const ship = (orderNumber: string, body: Record<string, unknown>) =>
  invoke(
    completeOrder,
    as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/complete`, params: { orderNumber }, body }),
  );
const stored = async (orderNumber: string) => (await orders.get({ orderNumber }, { consistent: true }))!;

/** A guest's paid (captured) order of a candle to Springfield, at `rate` (a service's calculated rate, or flat). */
async function paidOrder(rate: 'GroundAdvantage' | 'Priority' | 'flat' = 'GroundAdvantage') {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const shipTo = { ...address, email };
  let shippingRateId = 'flat';
  if (rate !== 'flat') {
    const offered = await invoke(shippingRates, {
      method: 'POST',
      path: '/api/checkout/shipping-rates',
      body: {
        cart: [candle()],
        shipTo: { name: shipTo.name, line1: shipTo.line1, city: shipTo.city, state: shipTo.state, zip: shipTo.zip },
      },
    });
    shippingRateId = (offered.body.rates as { id: string; service?: string }[]).find((r) => r.service === rate)!.id;
  }
  const intent = await guestIntent({ cart: [candle()], shippingAddress: shipTo, shippingRateId });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
  const orderNumber = await orderNumberOf(intent.body.paymentIntentId);
  return { orderNumber, email };
}

beforeAll(async () => {
  await useFreshTable();
  provider = await startShippingStandIn();
  process.env.SHIPPING_API_KEY = provider.apiKey;
  process.env.SHIPPING_API_BASE = provider.baseUrl;
  process.env.SHIPPING_TIMEOUT_MS = '10000';
  admin = (await signInNewUser({ admin: true })).token;
  await products.create({
    id: 'candle',
    name: 'Candle',
    image: '/i/c.svg',
    description: 'd',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: 100 },
    weightGrams: { CANDLE: 420 },
  });
  const saved = await invoke(saveSettings, as({ method: 'PUT', path: '/api/admin/shipping/settings', body: SETTINGS }));
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  delete process.env.SHIPPING_API_KEY;
  delete process.env.SHIPPING_API_BASE;
  delete process.env.SHIPPING_TIMEOUT_MS;
  await provider.stop();
});
afterEach(() => jest.restoreAllMocks());

describe('a label bought once', () => {
  it('two presses at once buy one label; the PDF is a private 4x6; its tracking ships the order and mails it', async () => {
    const { orderNumber, email } = await paidOrder();
    const before = provider.bought.length;
    const [a, b] = await Promise.all([buy(orderNumber, { attempt: 1 }), buy(orderNumber, { attempt: 1 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(provider.bought.length - before).toBe(1);
    const order = await stored(orderNumber);
    expect(order).toMatchObject({ labelAttempt: 1, labelStatus: 'bought', status: 'pending' });
    const label = order.label!;
    expect(label).toMatchObject({ key: `label-${orderNumber}-1`, carrier: 'USPS', service: 'GroundAdvantage' });
    expect(label.parcels.map((p) => p.shipmentId)).toEqual([provider.bought.at(-1)]);
    expect(label.trackingCodes).toEqual([provider.shipments.get(provider.bought.at(-1)!)!.tracking_code]);
    expect(label.trackerIds).toEqual([provider.shipments.get(provider.bought.at(-1)!)!.tracker!.id]);
    expect(label.cents).toBe(order.amounts.shipping);
    // A third press later: the same label, nothing bought.
    expect((await buy(orderNumber, { attempt: 1 })).body.order.label.trackingCodes).toEqual(label.trackingCodes);
    expect(provider.bought.length - before).toBe(1);

    // The page shows it, and the timeline says it.
    const page = await detail(orderNumber);
    expect(page.order.label).toMatchObject({
      status: 'bought',
      attempt: 1,
      canVoid: true,
      trackingCodes: label.trackingCodes,
    });
    expect(page.timeline.map((entry: { text: string }) => entry.text)).toContain(
      LABEL_WORDS.timelineBought('USPS Ground Advantage', label.cents, label.trackingCodes!),
    );

    // The PDF: kept under labels/ (not a public image path), linked for a few minutes, 4 x 6 inches.
    expect(label.files).toEqual([`labels/${orderNumber}/1-1.pdf`]);
    const link = await links(orderNumber);
    expect(link.status).toBe(200);
    expect(link.body.expiresInSeconds).toBe(300);
    const pdf = await fetch(link.body.urls[0]);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 288 432]');
    expect(text).toContain(label.trackingCodes![0]);

    // The ship step with the label's carrier and tracking: the order ships, the customer gets one mail naming it. Its
    // tracking is the label's own tracker (the provider made it with the label): none is registered again.
    const trackersAsked = provider.calls.filter((call) => call.path === '/v2/trackers').length;
    const shipped = await ship(orderNumber, { carrier: 'USPS', trackingNumber: label.trackingCodes![0] });
    expect(shipped.status).toBe(200);
    expect((await orders.get({ orderNumber }, { consistent: true }))!.tracking?.trackerId).toBe(label.trackerIds![0]);
    expect(provider.calls.filter((call) => call.path === '/v2/trackers').length).toBe(trackersAsked);
    const mails = sentMails().filter((mail) => mail.to.includes(email) && /on its way/i.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(label.trackingCodes![0]);
    // Shipped: the label is the parcel's now; voiding it is refused and nothing is asked of the provider.
    const refunds = provider.refunds.length;
    const refused = await voidIt(orderNumber, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LABEL_WORDS.shipped);
    expect(provider.refunds.length).toBe(refunds);
    expect((await stored(orderNumber)).labelStatus).toBe('bought');
  });

  it('a crash after buying, before the label is recorded: the retry finishes it, still one label', async () => {
    const { orderNumber } = await paidOrder();
    const before = provider.bought.length;
    // The function stops after the provider sold the label and the PDF was kept, before the order says so.
    const update = orders.update.bind(orders);
    jest.spyOn(orders, 'update').mockImplementation(async (...args: Parameters<typeof orders.update>) => {
      if ((args[1].set as { labelStatus?: string } | undefined)?.labelStatus === 'bought')
        throw new Error('the function stopped here');
      return update(...args);
    });
    const crashed = await buy(orderNumber, { attempt: 1 });
    expect(crashed.status).toBe(500);
    expect(await stored(orderNumber)).toMatchObject({ labelAttempt: 1, labelStatus: 'buying' });
    expect(provider.bought.length - before).toBe(1);
    jest.restoreAllMocks();
    const retried = await buy(orderNumber, { attempt: 1 });
    expect(retried.status).toBe(200);
    expect(retried.body.order.label.status).toBe('bought');
    expect(provider.bought.length - before).toBe(1);
  });

  it('void within the window: recorded, refused twice; a new label at another rate shows its difference', async () => {
    const { orderNumber, email } = await paidOrder();
    expect((await buy(orderNumber, { attempt: 1 })).status).toBe(200);
    const first = (await stored(orderNumber)).label!;
    const refunds = provider.refunds.length;
    const voided = await voidIt(orderNumber, 1);
    expect(voided.status).toBe(200);
    expect(provider.refunds.slice(refunds)).toEqual([first.parcels[0].shipmentId]);
    expect(voided.body.order.label).toMatchObject({ status: 'voided', refundStatus: 'submitted', canVoid: false });
    expect(voided.body.timeline.map((entry: { text: string }) => entry.text)).toContain(
      LABEL_WORDS.timelineVoided('USPS Ground Advantage', 'submitted'),
    );
    // Voided already: refused, nothing asked again.
    const again = await voidIt(orderNumber, 1);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(LABEL_WORDS.alreadyVoided);
    expect(provider.refunds.length).toBe(refunds + 1);
    // The old attempt is stale; the customer's rate's shipment is refunded, so a new label needs a rate.
    expect((await buy(orderNumber, { attempt: 1 })).status).toBe(409);
    const noRate = await buy(orderNumber, { attempt: 2 });
    expect(noRate.status).toBe(409);
    expect(noRate.body.error.message).toBe(LABEL_WORDS.chooseFirst);

    const rates = await rerate(orderNumber);
    expect(rates.status).toBe(200);
    const paid = (await stored(orderNumber)).amounts.shipping;
    expect(rates.body.paid).toBe(paid);
    const priority = rates.body.rates.find((rate: { service: string }) => rate.service === 'Priority');
    expect(priority.difference).toBe(priority.amount - paid);
    expect(priority.difference).toBeGreaterThan(0);
    // Another order's rate is refused, nothing changed.
    const other = await paidOrder();
    const otherRates = await rerate(other.orderNumber);
    // Another order's rate for the same candle to the same address (its own label rates, or its checkout's), and a
    // made-up one: refused, nothing changed.
    const refusedIds = [
      otherRates.body.rates[0].id,
      (await stored(other.orderNumber)).shippingRate!.id,
      priority.id.replace(/^rate_/, 'rate_x'),
    ];
    for (const rateId of refusedIds) {
      const foreign = await buy(orderNumber, { attempt: 2, rateId });
      expect(foreign.status).toBe(409);
      expect(foreign.body.error.message).toBe(LABEL_WORDS.unknownRate);
    }
    expect((await stored(orderNumber)).labelAttempt).toBe(1);

    const before = provider.bought.length;
    const second = await buy(orderNumber, { attempt: 2, rateId: priority.id });
    expect(second.status).toBe(200);
    expect(provider.bought.length - before).toBe(1);
    const order = await stored(orderNumber);
    expect(order).toMatchObject({ labelAttempt: 2, labelStatus: 'bought' });
    expect(order.label).toMatchObject({ service: 'Priority', cents: priority.amount });
    expect(order.voidedLabels).toHaveLength(1);
    expect(order.voidedLabels![0]).toMatchObject({ attempt: 1, status: 'voided' });
    expect(order.label!.files).toEqual([`labels/${orderNumber}/2-1.pdf`]);
    // It ships with the new tracking, one mail.
    expect((await ship(orderNumber, { carrier: 'USPS', trackingNumber: order.label!.trackingCodes![0] })).status).toBe(
      200,
    );
    const mails = sentMails().filter((mail) => mail.to.includes(email) && /on its way/i.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(order.label!.trackingCodes![0]);
  });

  it("past the carrier's window a void is refused; a flat-rate order needs a rate; bad input changes nothing", async () => {
    const { orderNumber } = await paidOrder();
    expect((await buy(orderNumber, { attempt: 1 })).status).toBe(200);
    const label = (await stored(orderNumber)).label!;
    await orders.update(
      { orderNumber },
      { set: { label: { ...label, boughtAt: new Date(Date.now() - 31 * 86_400_000).toISOString() } } },
    );
    const refunds = provider.refunds.length;
    const late = await voidIt(orderNumber, 1);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(LABEL_WORDS.pastWindow('USPS'));
    expect(provider.refunds.length).toBe(refunds);
    expect((await detail(orderNumber)).order.label.canVoid).toBe(false);

    const flat = await paidOrder('flat');
    const refused = await buy(flat.orderNumber, { attempt: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LABEL_WORDS.chooseFirst);
    expect((await buy(flat.orderNumber, { attempt: 0 })).status).toBe(400);
    expect((await buy(flat.orderNumber, { attempt: 1, rateId: 'rate_<script>' })).status).toBe(400);
    expect((await stored(flat.orderNumber)).labelAttempt).toBeUndefined();
    expect((await voidIt(flat.orderNumber, 1)).body.error.message).toBe(LABEL_WORDS.noLabel);
  });
});

describe('Buy labels for several orders: a job', () => {
  it('records the batch; two runs at once buy each order once (a flat-rate order at the cheapest rate)', async () => {
    const calculated = await paidOrder('Priority');
    const flat = await paidOrder('flat');
    const started = await invoke(
      startBatch,
      as({
        method: 'POST',
        path: '/api/admin/label-batches',
        body: { orderNumbers: [calculated.orderNumber, flat.orderNumber, calculated.orderNumber] },
      }),
    );
    expect(started.status).toBe(201);
    expect(started.body.status).toBe('waiting');
    expect(started.body.orders).toHaveLength(2);
    // Nothing bought in the request.
    expect((await stored(calculated.orderNumber)).labelAttempt).toBeUndefined();

    const before = provider.bought.length;
    const context = { getRemainingTimeInMillis: () => 60_000 } as never;
    await Promise.all([buyLabels(undefined, context), buyLabels(undefined, context)]);
    expect(provider.bought.length - before).toBe(2);
    await buyLabels(undefined, context);
    expect(provider.bought.length - before).toBe(2);

    const batch = await invoke(
      getBatch,
      as({ method: 'GET', path: `/api/admin/label-batches/${started.body.id}`, params: { id: started.body.id } }),
    );
    expect(batch.body.status).toBe('done');
    expect(batch.body.orders.map((entry: { status: string }) => entry.status)).toEqual(['bought', 'bought']);
    expect((await stored(calculated.orderNumber)).label).toMatchObject({
      service: 'Priority',
      batchId: started.body.id,
    });
    expect((await stored(flat.orderNumber)).label).toMatchObject({
      service: 'GroundAdvantage',
      batchId: started.body.id,
    });
    expect(batch.body.orders[1].text).toContain((await stored(flat.orderNumber)).label!.trackingCodes![0]);
  });
});
