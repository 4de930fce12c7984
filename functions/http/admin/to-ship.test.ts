import { randomUUID } from 'node:crypto';
import { shopDay } from '#shared/gift-cards';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { orderLabel } from '#shared/order-number';
import { ORDER_STATE_LABEL, orderState, unitsToSend } from '#shared/to-ship';
import { orders } from '../../db/entities/order';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { address, adminRefund, createCandle, guestIntent, orderNumberOf, pay, recordGuest } from '#tests/checkout';
import { handler as lookupHandler } from '../orders/lookup-order';
import { handler as moveQuote } from '../quotes/move-quote';
import { handler as payOffer } from '../quotes/pay-offer';
import { handler as recordOfferOrder } from '../quotes/record-offer-order';
import { handler as requestQuote } from '../quotes/request-quote';
import { handler as sendOffer } from '../quotes/send-offer';
import { handler as completeOrder } from './complete-order';
import { handler as getDashboard } from './get-dashboard';
import { handler as listOrders } from './list-orders';

/**
 * What waits to ship (issue 50 items 1, 2, 3 and 5; docs/decisions/0145), against DynamoDB Local through the real
 * checkout, refund, quote and admin routes: an order refunded in full leaves To ship, cannot be shipped and reads
 * Refunded to its customer; one refunded in part ships only what is left; To ship's count, its pages and the dashboard
 * agree with an order of gift cards alone present; a search from any tab finds unshipped orders; a quote's order in
 * To ship carries its quote and production.
 */
let admin: string;
const candle = (quantity: number) => ({ id: 'candle', size: 'CANDLE', quantity });
const as = (input: Record<string, unknown>) => ({ token: admin, ...input }) as never;
const list = (query: Record<string, string>) =>
  invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders', query }));
const complete = (orderNumber: string, body: Record<string, unknown> = {}) =>
  invoke(
    completeOrder,
    as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/complete`, params: { orderNumber }, body }),
  );
const dashboard = async () => (await invoke(getDashboard, as({ method: 'GET', path: '/api/admin/dashboard' }))).body;
const lookup = (orderNumber: string, email: string) =>
  invoke(lookupHandler, { method: 'POST', path: '/api/orders/lookup', body: { orderNumber, email } });
const refundAll = (orderNumber: string, quantity: number) =>
  adminRefund(admin, orderNumber, { refundId: randomUUID(), lines: [candle(quantity)], reason: 'damaged' });
const shippedMails = (email: string) =>
  sentMails().filter((mail) => mail.to.includes(email) && /on its way/i.test(mail.subject));

/** A guest's paid (captured) order of `cart` through the real checkout, under `name` with a fresh email. */
async function paidOrder(cart: unknown[], name = 'Ada Buyer') {
  const email = `${name.split(' ')[0].toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const intent = await guestIntent({ cart, shippingAddress: { ...address, name, email } });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
  const orderNumber = await orderNumberOf(intent.body.paymentIntentId);
  return { orderNumber, email, order: (await orders.get({ orderNumber }, { consistent: true }))! };
}

/** Every page of To ship, oldest first: the order numbers and the total each page carries. */
async function toShip(limit = '25') {
  const numbers: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await list({ status: 'pending', order: 'oldest', limit, ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    // Never an empty page after the first.
    if (numbers.length) expect(page.body.orders.length).toBeGreaterThan(0);
    numbers.push(...page.body.orders.map((order: { orderNumber: string }) => order.orderNumber));
    totals.push(page.body.total);
    cursor = page.body.nextCursor;
  } while (cursor);
  return { numbers, totals };
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(100);
});
afterEach(() => jest.restoreAllMocks());

describe('an order refunded in full before it shipped (item 1)', () => {
  it('leaves To ship and the dashboard, Complete Order is refused (409) with no mail, and it reads Refunded', async () => {
    const { orderNumber, email } = await paidOrder([candle(1)]);
    expect((await toShip()).numbers).toContain(orderNumber);
    expect((await refundAll(orderNumber, 1)).status).toBe(200);

    expect((await toShip()).numbers).not.toContain(orderNumber);
    const refused = await complete(orderNumber, { carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(AFTERSALE_MESSAGES.nothingToShip(orderLabel(orderNumber), true));
    const stored = (await orders.get({ orderNumber }, { consistent: true }))!;
    expect(stored).toMatchObject({ status: 'pending', refundedUnits: { 'candle|CANDLE': 1 } });
    expect(stored.trackingNumber).toBeUndefined();
    expect(shippedMails(email)).toHaveLength(0);

    // The customer's status look-up: Refunded, with nothing left to send.
    const page = await lookup(orderNumber, email);
    expect(page.status).toBe(200);
    expect(page.body.order.refundedUnits).toEqual({ 'candle|CANDLE': 1 });
    expect(ORDER_STATE_LABEL[orderState(page.body.order)]).toBe('Refunded');
    expect(unitsToSend(page.body.order)).toEqual([]);
    // The owner's archive reads it the same way (its CSV's status column).
    const csv = await list({ status: 'all', q: orderNumber, format: 'csv' });
    expect(csv.body).toContain(`#${orderNumber},`);
    expect(csv.body).toMatch(new RegExp(`#${orderNumber},[^,]+,Refunded,`));
  });

  it('a refund of the last unit between Complete Order reading the order and writing it: the ship is refused', async () => {
    const { orderNumber, email } = await paidOrder([candle(1)]);
    // The ship step reads the order (consistent), then writes it in one transaction with its tracking: the refund
    // lands right after that read, so the write finds another version.
    const get = orders.get.bind(orders);
    let refundedMeanwhile = false;
    jest.spyOn(orders, 'get').mockImplementation(async (...args: Parameters<typeof orders.get>) => {
      const read = await get(...args);
      if (!refundedMeanwhile && args[0].orderNumber === orderNumber && args[1]?.consistent) {
        refundedMeanwhile = true;
        expect((await refundAll(orderNumber, 1)).status).toBe(200);
      }
      return read;
    });
    const refused = await complete(orderNumber);
    expect(refundedMeanwhile).toBe(true);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(AFTERSALE_MESSAGES.nothingToShip(orderLabel(orderNumber), true));
    const stored = (await orders.get({ orderNumber }, { consistent: true }))!;
    expect(orderState(stored)).toBe('refunded');
    expect(shippedMails(email)).toHaveLength(0);
  });
});

it('an order refunded in part ships only the units left: To ship lists what its packing slip packs', async () => {
  const { orderNumber, email } = await paidOrder([candle(3)]);
  expect((await refundAll(orderNumber, 2)).status).toBe(200);
  const page = await list({ status: 'pending', order: 'oldest', limit: '100' });
  const listed = page.body.orders.find((order: { orderNumber: string }) => order.orderNumber === orderNumber);
  expect(listed.refundedUnits).toEqual({ 'candle|CANDLE': 2 });
  expect(orderState(listed)).toBe('pending');
  // The packing slip's lines (PackingSlip.tsx reads unitsToSend): the one candle left.
  expect(unitsToSend(listed).map(({ id, size, quantity }) => ({ id, size, quantity }))).toEqual([candle(1)]);
  // It ships, once.
  expect((await complete(orderNumber)).status).toBe(200);
  expect(shippedMails(email)).toHaveLength(1);
  expect((await toShip()).numbers).not.toContain(orderNumber);
});

it("To ship's count, its pages and the dashboard agree with an order of gift cards alone present (item 2)", async () => {
  const waiting = [(await paidOrder([candle(1)])).orderNumber, (await paidOrder([candle(2)])).orderNumber];
  // An order of one gift card: paid, pending, nothing to ship.
  const giftCard = await paidOrder([
    {
      id: 'gift-card',
      size: 'GIFT CARD',
      quantity: 1,
      giftCard: {
        amount: 5000,
        recipientName: 'Bea',
        recipientEmail: 'bea@example.com',
        deliverOn: shopDay(new Date()),
      },
    },
  ]);
  expect(giftCard.order.status).toBe('pending');
  const after = (await paidOrder([candle(1)])).orderNumber;

  const all = await toShip();
  expect(all.numbers).toEqual(expect.arrayContaining([...waiting, after]));
  expect(all.numbers).not.toContain(giftCard.orderNumber);
  // Every page's total is the number of orders its pages list, and the dashboard's.
  expect(new Set(all.totals)).toEqual(new Set([all.numbers.length]));
  const figures = await dashboard();
  expect(figures.waitingToShip).toBe(all.numbers.length);
  const first = await orders.get({ orderNumber: all.numbers[0] });
  expect(figures.oldestWaiting).toBe(first!.createdAt);

  // A page exactly as long as the list ends it: the gift card order after the last one leads to no empty page.
  const exact = await list({ status: 'pending', order: 'oldest', limit: String(all.numbers.length) });
  expect(exact.body.orders).toHaveLength(all.numbers.length);
  expect(exact.body.nextCursor).toBeNull();
  // Pages of one: each waiting order once, no empty page (checked inside toShip), the same total on each.
  const ones = await toShip('1');
  expect(ones.numbers).toEqual(all.numbers);
  expect(new Set(ones.totals)).toEqual(new Set([all.numbers.length]));
  // Complete Order on the gift card order is refused in plain words: nothing of it ships.
  const refused = await complete(giftCard.orderNumber);
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(AFTERSALE_MESSAGES.nothingToShip(orderLabel(giftCard.orderNumber), false));
});

it('a search looks across every order: "gail" from Shipped finds none, every order finds her unshipped ones (item 3)', async () => {
  const gails = [
    (await paidOrder([candle(1)], 'Gail Guest')).orderNumber,
    (await paidOrder([candle(1)], 'Gail Guest')).orderNumber,
  ];
  // One of hers shipped, one of someone else's too.
  expect((await complete(gails[0])).status).toBe(200);
  const other = (await paidOrder([candle(1)], 'Olga Other')).orderNumber;
  expect((await complete(other)).status).toBe(200);
  const third = (await paidOrder([candle(1)], 'Gail Guest')).orderNumber;

  const numbers = (body: { orders: { orderNumber: string }[] }) => body.orders.map((order) => order.orderNumber);
  expect(numbers((await list({ status: 'completed', q: 'gail' })).body)).toEqual([gails[0]]);
  const everywhere = await list({ status: 'all', q: 'gail' });
  expect(everywhere.status).toBe(200);
  // Shipped or not, each with its state to say which tab holds it.
  const states = Object.fromEntries(
    everywhere.body.orders.map((order: { orderNumber: string; status: string }) => [order.orderNumber, order.status]),
  );
  expect(states).toEqual({ [gails[0]]: 'completed', [gails[1]]: 'pending', [third]: 'pending' });
  // Newest first (orders are stamped to the second: a tie keeps either order).
  const dates = everywhere.body.orders.map((order: { createdAt: string }) => order.createdAt);
  expect(dates).toEqual([...dates].sort().reverse());
  // Without words, every order of the shop.
  expect(numbers((await list({ status: 'all', limit: '100' })).body)).toEqual(
    expect.arrayContaining([third, other, ...gails]),
  );
  expect((await list({ status: 'everything' })).status).toBe(400);
});

it("a quote's order in To ship carries its quote number and production: made to order (item 5)", async () => {
  const email = `${randomUUID()}@example.com`;
  const asked = await invoke(requestQuote, {
    method: 'POST',
    path: '/api/quotes',
    body: {
      name: 'Gail Guest',
      email,
      items: '12 tees with our logo',
      message: 'For the staff.',
      service: 'printing',
      quantity: 12,
      files: [],
      requestId: randomUUID(),
    },
  });
  expect(asked.status).toBe(201);
  const quoteId = asked.body.quoteId as string;
  const route = (path: string) => ({ path: path.replace('{quoteId}', quoteId), routePath: path, params: { quoteId } });
  const offered = await invoke(
    sendOffer,
    as({
      method: 'POST',
      ...route('/api/admin/quotes/{quoteId}/offers'),
      body: {
        lines: [{ description: 'Printed tee', kind: 'goods', quantity: 12, unitPrice: 2200 }],
        shipping: 1500,
        ships: true,
        note: '',
        validUntil: new Date(Date.now() + 14 * 86400_000).toISOString().slice(0, 10),
      },
    }),
  );
  expect(offered.status).toBe(201);
  const mail = sentMails().find((m) => m.to.includes(email) && m.text.includes(`/quotes/${quoteId}?t=`))!;
  const token = decodeURIComponent(new RegExp(`/quotes/${quoteId}\\?t=([^\\s]+)`).exec(mail.text)![1]);
  const started = await invoke(payOffer, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/pay'),
    body: { token, offerNo: 1, shippingAddress: address },
  });
  expect(started.status).toBe(200);
  await pay(started.body.clientSecret);
  const recorded = await invoke(recordOfferOrder, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/record'),
    body: { token, paymentIntentId: started.body.paymentIntentId },
  });
  expect(recorded.status).toBeLessThan(300);
  const orderNumber = recorded.body.order.orderNumber as string;
  const number = /\(Q(\d+)\)/.exec(sentMails().find((m) => m.to.includes(email))!.subject)![1];

  const quoteOf = async () =>
    (await list({ status: 'pending', order: 'oldest', limit: '100' })).body.orders.find(
      (order: { orderNumber: string }) => order.orderNumber === orderNumber,
    )?.quote;
  expect(await quoteOf()).toEqual({ quoteId, number, ships: true, productionStartedAt: null });
  const moved = await invoke(
    moveQuote,
    as({ method: 'POST', ...route('/api/admin/quotes/{quoteId}/status'), body: { status: 'in_production' } }),
  );
  expect(moved.status).toBe(200);
  const inProduction = await quoteOf();
  expect(inProduction).toMatchObject({ quoteId, number, ships: true });
  expect(Date.parse(inProduction.productionStartedAt)).toBeGreaterThan(Date.now() - 60_000);
  // Any other order carries none.
  const plain = (await list({ status: 'pending', order: 'oldest', limit: '100' })).body.orders.find(
    (order: { orderNumber: string }) => order.orderNumber !== orderNumber,
  );
  expect(plain.quote).toBeNull();
});
