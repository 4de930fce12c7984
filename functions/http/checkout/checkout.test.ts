import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../shared/messages';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { reservations } from '../../db/entities/reservation';
import { stockItems } from '../../db/entities/stock-item';
import { releaseExpiredReservations } from '../../domain/checkout/expiry';
import { invoke, sentMails, signInNewUser, useFreshTable } from '../../../tests/helpers';
import { handler as confirmTestPayment } from './confirm-test-payment';
import { handler as createGuestIntent } from './create-guest-payment-intent';
import { handler as createIntent } from './create-payment-intent';
import { handler as recordGuestOrder } from './record-guest-order';
import { handler as recordOrder } from './record-order';
import { handler as validateCart } from './validate-cart';
import { recordOrder as recordOrderDomain } from '../../domain/checkout/orders';

const address = { name: 'Ada Buyer', email: 'ada@example.com', line1: '1 Main St', city: 'Springfield', state: 'il', zip: '62701' };
const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' });

async function stock(kind: 'product' | 'stockItem', id: string): Promise<Record<string, number>> {
  const record = kind === 'product' ? (await products.get({ id })) : (await stockItems.get({ id }));
  return (record?.stock ?? {}) as Record<string, number>;
}

const guestIntent = (body: Record<string, unknown>) =>
  invoke(createGuestIntent, { method: 'POST', path: '/auth/create-payment-intent/guest', body: { shippingAddress: address, ...body } });
const pay = (clientSecret: string, number = '4242424242424242') =>
  invoke(confirmTestPayment, {
    method: 'POST',
    path: '/api/test-payments/confirm',
    body: { clientSecret, card: card(number), billingName: 'Ada Buyer', receiptEmail: 'ada@example.com' },
  });
const recordGuest = (orderNumber: string) => invoke(recordGuestOrder, { method: 'POST', path: '/auth/adminOrders/guest', body: { orderNumber } });

beforeAll(async () => {
  await useFreshTable();
  await stockItems.create({ id: 'TEE', stock: { S: 4, M: 10, L: 10, XL: 10, '2XL': 0 } });
  await products.create({ id: 'tee', name: 'Tee', image: '/i/tee.svg', description: 'd', price: 2500, tag: 'tees', stockRef: 'TEE' });
  await products.create({ id: 'wrap', name: 'Wrap', image: '/i/w.svg', description: 'd', price: 900, tag: 'giftwraps', stockRef: 'TEE' });
  await products.create({ id: 'candle', name: 'Candle', image: '/i/c.svg', description: 'd', price: 1800, tag: 'candles', stock: { CANDLE: 20 } });
  await products.create({ id: 'last5', name: 'Last Five Candle', image: '/i/l.svg', description: 'd', price: 1000, tag: 'candles', stock: { CANDLE: 5 } });
  await products.create({ id: 'cup', name: 'Cup', image: '/i/t.svg', description: 'd', price: 2000, tag: 'tumblers', stock: { '16oz': 3, '20oz': 0, '24oz': 1 } });
  await products.create({ id: 'gone', name: 'Gone Hoodie', image: '/i/g.svg', description: 'd', price: 4000, tag: 'hoodies', status: 'drafted' });
});

describe('POST /api/products/validate-cart', () => {
  const check = (cart: unknown[]) => invoke(validateCart, { method: 'POST', path: '/api/products/validate-cart', body: { cart } });

  it('answers success when every line is in stock', async () => {
    const { status, body } = await check([{ id: 'tee', size: 'M', quantity: 2 }, { id: 'cup', size: '16oz', quantity: 3 }]);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, outOfStockItems: [] });
  });

  it('names the products that are short, counting lines that share a stock item together', async () => {
    // Tee S and Wrap 18inX36in both draw from the stock item's S count (4).
    const { body } = await check([{ id: 'tee', size: 'S', quantity: 3 }, { id: 'wrap', size: '18inX36in', quantity: 2 }, { id: 'cup', size: '20oz', quantity: 1 }]);
    expect(body.success).toBe(false);
    expect(body.outOfStockItems.sort()).toEqual(['Cup', 'Tee', 'Wrap']);
  });

  it('counts a drafted or missing product as unavailable', async () => {
    const { body } = await check([{ id: 'gone', size: 'M', quantity: 1, name: 'Gone Hoodie' }]);
    expect(body).toEqual({ success: false, outOfStockItems: ['Gone Hoodie'] });
  });
});

describe('POST /auth/create-payment-intent/guest', () => {
  it('computes every amount from stored prices and ignores the client price and total', async () => {
    const { status, body } = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 2, price: 1, name: 'Cheap' }], total: 5 });
    expect(status).toBe(200);
    // subtotal 3600 + shipping 599 = 4199; IL 6.25% -> round(262.4375) = 262
    expect(body.amounts).toEqual({ subtotal: 3600, shipping: 599, tax: 262, total: 4461 });
    expect(body.orderNumber).toMatch(/^pi_/);
    expect(body.paymentMode).toBe('test');
    const reservation = (await reservations.get({ checkoutId: body.checkoutId }))!;
    expect(reservation.lines[0]).toMatchObject({ name: 'Candle', price: 1800, quantity: 2 });
  });

  it.each([0, -1, 1.5, 10, 1e9, '2'])('rejects quantity %p and changes no stock', async (quantity) => {
    const before = await stock('product', 'candle');
    const { status, body } = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity }] });
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(await stock('product', 'candle')).toEqual(before);
  });

  it('rejects an unknown state with the spec message and a size the product does not have', async () => {
    const bad = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }], shippingAddress: { ...address, state: 'Ontario' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['shippingAddress.state']).toBe(MESSAGES.invalidCheckoutState);
    const size = await guestIntent({ cart: [{ id: 'candle', size: 'XL', quantity: 1 }] });
    expect(size.status).toBe(400);
    expect(size.body.error.message).toBe(MESSAGES.invalidSize);
  });

  it('reserves stock, and a second call for the same checkout moves only the difference on the same intent', async () => {
    const before = (await stock('stockItem', 'TEE')).M;
    const first = await guestIntent({ cart: [{ id: 'tee', size: 'M', quantity: 3 }] });
    expect((await stock('stockItem', 'TEE')).M).toBe(before - 3);
    const again = await guestIntent({ checkoutId: first.body.checkoutId, cart: [{ id: 'tee', size: 'M', quantity: 1 }] });
    expect(again.status).toBe(200);
    expect(again.body.orderNumber).toBe(first.body.orderNumber);
    expect(again.body.amounts.subtotal).toBe(2500);
    expect((await stock('stockItem', 'TEE')).M).toBe(before - 1);
  });

  it('answers 409 with the names when stock is short, and holds nothing', async () => {
    const before = await stock('product', 'cup');
    const { status, body } = await guestIntent({ cart: [{ id: 'cup', size: '24oz', quantity: 2 }] });
    expect(status).toBe(409);
    expect(body.error.code).toBe('out_of_stock');
    expect(body.error.message).toBe(`${MESSAGES.outOfStock}\nCup`);
    expect(await stock('product', 'cup')).toEqual(before);
  });

  it('50 concurrent checkouts for the last 5 units reserve exactly 5', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => guestIntent({ cart: [{ id: 'last5', size: 'CANDLE', quantity: 1 }] })),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect((await stock('product', 'last5')).CANDLE).toBe(0);
  }, 60_000);
});

describe('paying and recording the order', () => {
  it('a guest pays with 4242 and the callback records one pending order with the paid lines', async () => {
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const paid = await pay(intent.body.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body.paymentIntent.status).toBe('succeeded');
    const recorded = await recordGuest(intent.body.orderNumber);
    expect(recorded.status).toBe(201);
    expect(recorded.body.order).toMatchObject({
      orderNumber: intent.body.orderNumber,
      status: 'pending',
      lines: [{ id: 'candle', name: 'Candle', price: 1800, size: 'CANDLE', quantity: 1, image: '/i/c.svg' }],
      amounts: intent.body.amounts,
    });
    expect(recorded.body.order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const order = (await orders.get({ orderNumber: intent.body.orderNumber }))!;
    expect(order.customer).toBe('guest');
  });

  it('callback and webhook, each twice and at once, give exactly one order', async () => {
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    await pay(intent.body.clientSecret);
    const orderNumber = intent.body.orderNumber;
    const results = await Promise.all([
      recordGuest(orderNumber),
      recordGuest(orderNumber),
      recordOrderDomain(orderNumber, { kind: 'webhook' }),
      recordOrderDomain(orderNumber, { kind: 'webhook' }),
    ]);
    const created = [results[0].status === 201, results[1].status === 201, (results[2] as { created: boolean }).created, (results[3] as { created: boolean }).created];
    expect(created.filter(Boolean)).toHaveLength(1);
    const data = await orders.query('byCustomer', { customer: 'guest' });
    expect(data.filter((order) => order.orderNumber === orderNumber)).toHaveLength(1);
    // And one confirmation mail.
    const mails = sentMails().filter((mail) => mail.subject === `Your order ${orderNumber}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['ada@example.com']);
    expect(mails[0].text).toContain('Total: $');
    expect((await orders.get({ orderNumber }))?.mailStatus).toBe('sent');
  });

  it('a declined card shows the provider message and nothing is recorded', async () => {
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    const declined = await pay(intent.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    const funds = await pay(intent.body.clientSecret, '4000000000009995');
    expect(funds.body.error.message).toBe('Your card has insufficient funds.');
    const recorded = await recordGuest(intent.body.orderNumber);
    expect(recorded.status).toBe(409);
    expect((await orders.get({ orderNumber: intent.body.orderNumber }))).toBeNull();
  });

  it('a signed-in customer cannot record an order for someone else’s intent', async () => {
    const [alice, bob] = await Promise.all([signInNewUser(), signInNewUser()]);
    const intent = await invoke(createIntent, {
      method: 'POST',
      path: '/auth/create-payment-intent',
      token: alice.token,
      body: { cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }], shippingAddress: address },
    });
    expect(intent.status).toBe(200);
    await pay(intent.body.clientSecret);
    const asBob = await invoke(recordOrder, { method: 'POST', path: '/auth/adminOrders', token: bob.token, body: { orderNumber: intent.body.orderNumber } });
    expect(asBob.status).toBe(403);
    expect((await recordGuest(intent.body.orderNumber)).status).toBe(403);
    expect((await orders.get({ orderNumber: intent.body.orderNumber }))).toBeNull();
    const asAlice = await invoke(recordOrder, { method: 'POST', path: '/auth/adminOrders', token: alice.token, body: { orderNumber: intent.body.orderNumber } });
    expect(asAlice.status).toBe(201);
    // Bob cannot reuse Alice's checkout either.
    const steal = await invoke(createIntent, {
      method: 'POST',
      path: '/auth/create-payment-intent',
      token: bob.token,
      body: { checkoutId: intent.body.checkoutId, cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }], shippingAddress: address },
    });
    expect(steal.status).toBe(403);
  });
});

describe('reservation expiry', () => {
  it('returns the stock and cancels the intent of an unpaid checkout after 30 minutes', async () => {
    await releaseExpiredReservations(new Date(Date.now() + 31 * 60_000)); // settle the other tests' checkouts first
    const before = (await stock('product', 'candle')).CANDLE;
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 4 }] });
    expect((await stock('product', 'candle')).CANDLE).toBe(before - 4);
    await releaseExpiredReservations(new Date(Date.now() + 10 * 60_000));
    expect((await stock('product', 'candle')).CANDLE).toBe(before - 4);
    await releaseExpiredReservations(new Date(Date.now() + 31 * 60_000));
    expect((await stock('product', 'candle')).CANDLE).toBe(before);
    const late = await pay(intent.body.clientSecret);
    expect(late.status).toBe(402);
    // Running it again changes nothing.
    await releaseExpiredReservations(new Date(Date.now() + 31 * 60_000));
    expect((await stock('product', 'candle')).CANDLE).toBe(before);
  });

  it('records the order of a paid checkout whose browser never came back', async () => {
    const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
    await pay(intent.body.clientSecret);
    const before = (await stock('product', 'candle')).CANDLE;
    const result = await releaseExpiredReservations(new Date(Date.now() + 31 * 60_000));
    expect(result.recorded).toBeGreaterThanOrEqual(1);
    expect((await orders.get({ orderNumber: intent.body.orderNumber }))?.status).toBe('pending');
    expect((await stock('product', 'candle')).CANDLE).toBe(before);
    expect((await recordGuest(intent.body.orderNumber)).status).toBe(200);
  });
});

it('uses a new checkout id when the client sends none', async () => {
  const a = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
  const b = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] });
  expect(a.body.checkoutId).not.toBe(b.body.checkoutId);
  expect(randomUUID()).toHaveLength(36);
});
