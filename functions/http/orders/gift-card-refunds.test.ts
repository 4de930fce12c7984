import { randomUUID } from 'node:crypto';
import { shopDay } from '#shared/gift-cards';
import { orders } from '../../db/entities/order';
import { transactWrite } from '../../db/transaction';
import { assignCode, getCard } from '../../domain/gift-cards/cards';
import { debitItems } from '../../domain/money/ledger';
import { purchasedCardId } from '../../domain/gift-cards/purchase';
import { adminRefund, createCandle, guestIntent, orderNumberOf, pay, recordGuest } from '#tests/checkout';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as changeCard } from '../admin/change-gift-card';

/**
 * Refunds of an order that bought gift cards (issue 50 item 16, docs/decisions/0139), against DynamoDB Local: money
 * goes back only for what the cards can no longer be spent on. The owner voids a card in Gift cards first (what is left
 * on it goes); an order may then give back at most what it paid less what its cards can still spend.
 */
let admin: string;
beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(20);
});

const giftCard = (amount: number) => ({
  id: 'gift-card',
  size: 'GIFT CARD',
  quantity: 1,
  giftCard: {
    amount,
    recipientName: 'Bea Friend',
    recipientEmail: `bea-${randomUUID().slice(0, 8)}@example.com`,
    deliverOn: shopDay(new Date()),
  },
});

/** A guest buys `cart` with the test card; the order's number. */
async function buy(cart: unknown[]): Promise<string> {
  const intent = await guestIntent({ cart });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
  return orderNumberOf(intent.body.paymentIntentId);
}
const refund = (orderNumber: string, amount: number) =>
  adminRefund(admin, orderNumber, { refundId: randomUUID(), amount, reason: 'goodwill' });
async function voidCard(cardId: string) {
  const card = (await getCard(cardId))!;
  const voided = await invoke(changeCard, {
    method: 'POST',
    path: `/api/admin/gift-cards/${cardId}/actions`,
    routePath: '/api/admin/gift-cards/{cardId}/actions',
    params: { cardId },
    body: { action: 'void', version: card.version },
    token: admin,
  });
  expect(voided.status).toBe(200);
}
const refunded = async (orderNumber: string) =>
  (await orders.get({ orderNumber }, { consistent: true }))!.refunded ?? 0;

it('an order of gift cards only: no refund while its card can be spent; voided, what was left comes back', async () => {
  const orderNumber = await buy([giftCard(5000)]);
  const cardId = purchasedCardId(orderNumber, 0);
  const refused = await refund(orderNumber, 5000);
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(
    'The gift cards this order bought can still be spent. Void them in Gift cards first (what is left on them goes), then refund up to that amount.',
  );
  expect(await refunded(orderNumber)).toBe(0);
  expect(await getCard(cardId)).toMatchObject({ status: 'scheduled', balance: 5000 });

  // Mailed (its code made), $20 of it is spent on another order; the owner voids the $30 left: at most $30 comes back.
  await assignCode((await getCard(cardId))!);
  await transactWrite(debitItems(cardId, 2000, '9999', new Date().toISOString()));
  await voidCard(cardId);
  const tooMuch = await refund(orderNumber, 3001);
  expect(tooMuch.status).toBe(409);
  expect(tooMuch.body.error.message).toBe(
    'At most $30.00 can be refunded while the gift cards this order bought can still be spent. Void them in Gift cards first (what is left on them goes) to refund more.',
  );
  expect((await refund(orderNumber, 3000)).status).toBe(200);
  expect(await refunded(orderNumber)).toBe(3000);
  expect((await refund(orderNumber, 1)).status).toBe(409);
});

it('an order of goods and a gift card: the goods are refunded, the card’s part only once it is voided', async () => {
  const orderNumber = await buy([{ id: 'candle', size: 'CANDLE', quantity: 1 }, giftCard(2500)]);
  const order = (await orders.get({ orderNumber }, { consistent: true }))!;
  const goods = order.amounts.total - 2500;
  const over = await refund(orderNumber, goods + 1);
  expect(over.status).toBe(409);
  expect(over.body.error.message).toContain(`At most $${(goods / 100).toFixed(2)} can be refunded`);
  expect((await refund(orderNumber, goods)).status).toBe(200);
  await voidCard(purchasedCardId(orderNumber, 1));
  expect((await refund(orderNumber, 2500)).status).toBe(200);
  expect(await refunded(orderNumber)).toBe(order.amounts.total);
});
