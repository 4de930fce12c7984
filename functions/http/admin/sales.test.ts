import { randomUUID } from 'node:crypto';
import { shopDay } from '#shared/gift-cards';
import { orders } from '../../db/entities/order';
import { handler as sendMails } from '../../jobs/send-mails';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { createCandle, guestIntent, orderNumberOf, pay, recordGuest } from '#tests/checkout';
import { handler as getDashboard } from './get-dashboard';
import { handler as listOrders } from './list-orders';

/**
 * Sales are counted when goods are sold, whatever paid for them (issue 50 item 4, docs/decisions/0146), against
 * DynamoDB Local through the real checkout: a $50 gift card sold and then spent on candles counts the candles once,
 * not $50 more for the card; a gift card bought beside goods leaves the sale; the Gift cards tile keeps what was sold
 * and what is owed; the archive's Sales view lists what the figures count.
 */
let admin: string;
const as = (input: Record<string, unknown>) => ({ token: admin, ...input }) as never;
const candles = (quantity: number) => ({ id: 'candle', size: 'CANDLE', quantity });
const giftCard = (amount: number, recipientEmail: string) => ({
  id: 'gift-card',
  size: 'GIFT CARD',
  quantity: 1,
  giftCard: { amount, recipientName: 'Bea', recipientEmail, deliverOn: shopDay(new Date()) },
});

/** A guest pays `body` (a cart, maybe a gift card code) with the test card where a card is asked for; the order. */
async function buy(body: Record<string, unknown>) {
  const intent = await guestIntent(body);
  expect(intent.status).toBe(200);
  if (intent.body.paymentMode !== 'none') await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
  const orderNumber = await orderNumberOf(intent.body.paymentIntentId);
  return (await orders.get({ orderNumber }, { consistent: true }))!;
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(100);
});

it('a $50 gift card sold and then spent on candles counts the candles once; the card is money owed meanwhile', async () => {
  const bea = `bea-${randomUUID().slice(0, 8)}@example.com`;
  const sold = await buy({ cart: [giftCard(5000, bea)] });
  expect(sold.amounts.total).toBe(5000);
  const dashboard = async () => (await invoke(getDashboard, as({ method: 'GET', path: '/api/admin/dashboard' }))).body;

  // Sold, not spent: no sale; the Gift cards tile has it, sold and owed.
  let figures = await dashboard();
  expect(figures.today).toEqual({ orders: 0, revenue: 0, discounts: 0 });
  expect(figures.last30Days).toEqual({ orders: 0, revenue: 0, discounts: 0 });
  expect(figures.giftCards).toEqual({ outstanding: 5000, soldThisMonth: 1, soldValue: 5000 });

  // The card's mail (the send-mails job) carries its code; Bea spends all $50 of it on three candles.
  await sendMails(undefined, { getRemainingTimeInMillis: () => 10_000 });
  const mail = sentMails().find((m) => m.to.includes(bea))!;
  const code = /Your gift card code: ([A-Z0-9-]+)/.exec(mail.text)![1];
  const spent = await buy({ cart: [candles(3)], giftCardCode: code });
  expect(spent.giftCardPaid).toBe(5000);
  expect(spent.amounts.total).toBeGreaterThan(5000);

  // The candles are the sale, at their whole total (the card's $50 and the card payment's rest): $50 once, not twice.
  figures = await dashboard();
  expect(figures.today).toEqual({ orders: 1, revenue: spent.amounts.total, discounts: 0 });
  expect(figures.last30Days).toEqual({ orders: 1, revenue: spent.amounts.total, discounts: 0 });
  expect(figures.giftCards).toEqual({ outstanding: 0, soldThisMonth: 1, soldValue: 5000 });

  // A gift card bought beside a candle: the candle is a sale, the card is not.
  const mixed = await buy({ cart: [candles(1), giftCard(2500, `cy-${randomUUID().slice(0, 8)}@example.com`)] });
  figures = await dashboard();
  expect(figures.today).toEqual({
    orders: 2,
    revenue: spent.amounts.total + mixed.amounts.total - 2500,
    discounts: 0,
  });
  expect(figures.giftCards).toEqual({ outstanding: 2500, soldThisMonth: 2, soldValue: 7500 });

  // The archive's Sales view lists what the figures count: not the order of a gift card alone.
  const sales = await invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders', query: { status: 'sales' } }));
  expect(sales.body.orders.map((order: { orderNumber: string }) => order.orderNumber).sort()).toEqual(
    [spent.orderNumber, mixed.orderNumber].sort(),
  );
  // Every order still lists it.
  const all = await invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders', query: { status: 'all' } }));
  expect(all.body.orders.map((order: { orderNumber: string }) => order.orderNumber)).toContain(sold.orderNumber);
});
