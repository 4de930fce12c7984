import { randomUUID } from 'node:crypto';
import { giftCardLine } from '#shared/gift-card-lines';
import { lastFour, shopDay } from '#shared/gift-cards';
import { MESSAGES } from '#shared/messages';
import { giftCardEntries } from '../../db/entities/gift-card';
import { orders } from '../../db/entities/order';
import { refunds } from '../../db/entities/refund';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { settleCheckouts } from '../../domain/checkout/settle';
import { getCard } from '../../domain/gift-cards/cards';
import { checkCard } from '../../domain/money/ledger';
import { purchasedCards } from '../../domain/gift-cards/purchase';
import { checkLedger } from '../../domain/money/ledger';
import { sweepDeliveries } from '../../domain/mail/deliveries';
import { COMPOSERS } from '../../jobs/send-mails';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import {
  address,
  adminCancel,
  adminRefund,
  createCandle,
  orderNumberOf,
  pay,
  processorRefunds,
  recordGuest,
} from '#tests/checkout';
import { activeCard, balanceOf } from '#tests/gift-cards';
import { handler as balanceHandler } from './check-balance';

/**
 * Spending gift cards and store credit (issue 36 item 3, docs/decisions/0126), against DynamoDB Local and the built-in
 * test processor: a balance spent across orders to exactly zero, two checkouts racing on one card, an order the card
 * pays in full with no card step, a failed card payment giving nothing away, a cancel and refunds giving the card's
 * part back, a refund as store credit, wrong codes counted per client, and the ledgers agreeing with every balance.
 */
let admin: string;
const candle = (quantity = 1) => [{ id: 'candle', size: 'CANDLE', quantity }];
/** Each test types its codes from its own address (wrong codes are counted per client). */
const from = (client: string) => ({ 'cloudfront-viewer-address': `${client}:443` });
async function intent(body: Record<string, unknown>, client = '203.0.113.1') {
  const { handler } = await import('../checkout/create-guest-payment-intent');
  return invoke(handler, {
    method: 'POST',
    path: '/auth/create-payment-intent/guest',
    headers: from(client),
    body: { shippingAddress: address, ...body },
  });
}
const balanceCheck = (code: string, client: string) =>
  invoke(balanceHandler, { method: 'POST', path: '/api/gift-cards/balance', headers: from(client), body: { code } });
const refund = (orderNumber: string, body: Record<string, unknown>) => adminRefund(admin, orderNumber, body);
const cancel = (orderNumber: string) => adminCancel(admin, orderNumber);

const codeIn = (text: string) => /Your gift card code: ([A-Z0-9-]+)/.exec(text)![1];

/** Every card and order the test touched agrees with its ledger. */
async function ledgersAgree(cardIds: string[], orderNumbers: string[]) {
  for (const cardId of cardIds) expect(await checkCard(cardId)).toMatchObject({ ok: true });
  for (const orderNumber of orderNumbers) expect(await checkLedger(orderNumber)).toMatchObject({ ok: true });
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(500);
});

it('a balance is spent across two orders to exactly zero: the first paid in full with no card, the rest by card', async () => {
  const one = await intent({ cart: candle(1) });
  const total = one.body.amounts.total as number;
  const { cardId, code } = await activeCard(total + 1000);

  // The first order: the card covers everything, so there is no card payment and no card step.
  const first = await intent({ cart: candle(1), giftCardCode: code.toLowerCase() });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    paymentMode: 'none',
    cardAmount: 0,
    giftCard: { last4: lastFour(code), amount: total, balance: total + 1000 },
  });
  // Placing it needs the checkout's secret: someone who only knows the id places nothing.
  expect((await recordGuest(first.body.paymentIntentId)).status).toBe(404);
  const placed = await recordGuest(first.body.paymentIntentId, first.body.checkoutSecret);
  expect(placed.status).toBe(201);
  const firstNumber = placed.body.order.orderNumber as string;
  const firstOrder = (await orders.get({ orderNumber: firstNumber }, { consistent: true }))!;
  expect(firstOrder.payments).toEqual([{ method: 'gift_card', cardId, last4: lastFour(code), amount: total }]);
  expect(firstOrder).toMatchObject({ paymentStatus: 'captured', giftCardPaid: total, captured: 0 });
  expect(await balanceOf(cardId)).toBe(1000);
  // Placing it again answers the same order and takes nothing more.
  expect((await recordGuest(first.body.paymentIntentId, first.body.checkoutSecret)).status).toBe(200);
  expect(await balanceOf(cardId)).toBe(1000);

  // The second: the $10 left pays part, the card the rest.
  const second = await intent({ cart: candle(1), giftCardCode: code });
  expect(second.body).toMatchObject({ paymentMode: 'test', cardAmount: total - 1000, giftCard: { amount: 1000 } });
  expect((await pay(second.body.clientSecret)).body.paymentIntent.status).toBe('requires_capture');
  expect((await recordGuest(second.body.paymentIntentId, second.body.checkoutSecret)).status).toBe(201);
  const secondNumber = await orderNumberOf(second.body.paymentIntentId);
  const secondOrder = (await orders.get({ orderNumber: secondNumber }, { consistent: true }))!;
  expect(secondOrder).toMatchObject({ captured: total - 1000, giftCardPaid: 1000 });
  expect((await testPaymentIntents.get({ id: second.body.paymentIntentId }))!.amount).toBe(total - 1000);
  expect(await balanceOf(cardId)).toBe(0);
  // The receipt says how it was paid.
  const receipt = sentMails().find((mail) => mail.subject === `Your order #${secondNumber}`)!;
  expect(receipt.text).toContain(`Paid with gift card ending ${lastFour(code)}: $10.00`);
  expect(receipt.text).toContain(`Paid by card: $${((total - 1000) / 100).toFixed(2)}`);

  // Now empty: the balance page says $0 left, and the checkout says so plainly.
  expect((await balanceCheck(code, '203.0.113.2')).body).toMatchObject({ balance: 0, amount: total + 1000 });
  const empty = await intent({ cart: candle(1), giftCardCode: code });
  expect(empty.status).toBe(409);
  expect(empty.body.error.message).toBe(MESSAGES.giftCardEmpty);
  expect((await giftCardEntries.query('byCard', { cardId })).map((entry) => [entry.kind, entry.amount])).toEqual(
    expect.arrayContaining([
      ['issued', total + 1000],
      ['debited', -total],
      ['debited', -1000],
    ]),
  );
  await ledgersAgree([cardId], [firstNumber, secondNumber]);
});

it('two checkouts racing on one $50 card never take more than $50: the loser is told plainly and charged nothing', async () => {
  const { cardId, code } = await activeCard(5000);
  // Each checkout alone is covered by the card (two candles with shipping and tax, under $50); both together are not.
  const checkouts = await Promise.all([1, 2].map(() => intent({ cart: candle(2), giftCardCode: code }, '203.0.113.3')));
  for (const checkout of checkouts) expect(checkout.body.paymentMode).toBe('none');
  const results = await Promise.all(
    checkouts.map((checkout) => recordGuest(checkout.body.paymentIntentId, checkout.body.checkoutSecret)),
  );
  expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  const lost = results.find((result) => result.status === 409)!;
  expect(lost.body.error).toMatchObject({ code: 'gift_card_spent', message: MESSAGES.giftCardSpentMeanwhile });
  const won = results.find((result) => result.status === 201)!;
  const balance = await balanceOf(cardId);
  expect(balance).toBe(5000 - checkouts[0].body.amounts.total);
  expect(balance).toBeGreaterThanOrEqual(0);
  await ledgersAgree([cardId], [won.body.order.orderNumber]);
});

it('two checkouts racing with card payments on one card: one order takes the card, the other is cancelled uncharged', async () => {
  const { cardId, code } = await activeCard(3000);
  // Each pays $30 by gift card and the rest by card; only one can.
  const checkouts = await Promise.all([1, 2].map(() => intent({ cart: candle(2), giftCardCode: code }, '203.0.113.4')));
  for (const checkout of checkouts) {
    expect(checkout.body.giftCard.amount).toBe(3000);
    expect((await pay(checkout.body.clientSecret)).body.paymentIntent.status).toBe('requires_capture');
  }
  const results = await Promise.all(
    checkouts.map((checkout) => recordGuest(checkout.body.paymentIntentId, checkout.body.checkoutSecret)),
  );
  expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  const loser = checkouts[results.findIndex((result) => result.status === 409)];
  // The loser's authorization is cancelled: nothing charged.
  expect((await testPaymentIntents.get({ id: loser.body.paymentIntentId }, { consistent: true }))!.status).toBe(
    'canceled',
  );
  expect(await balanceOf(cardId)).toBe(0);
  await ledgersAgree([cardId], []);
});

it('a failed or abandoned card payment gives nothing away', async () => {
  const { cardId, code } = await activeCard(1000);
  const checkout = await intent({ cart: candle(1), giftCardCode: code }, '203.0.113.5');
  expect(checkout.body.giftCard.amount).toBe(1000);
  // Declined: the gift card is untouched.
  expect((await pay(checkout.body.clientSecret, '4000000000000002')).status).toBe(402);
  expect(await balanceOf(cardId)).toBe(1000);
  // Abandoned: the settle job gives the checkout up; still untouched.
  await settleCheckouts(new Date(Date.now() + 61 * 60_000));
  expect(await balanceOf(cardId)).toBe(1000);
  // A gift-only checkout never placed is given up the same way, and takes nothing.
  const { cardId: bigId, code: bigCode } = await activeCard(20000);
  const never = await intent({ cart: candle(1), giftCardCode: bigCode }, '203.0.113.5');
  expect(never.body.paymentMode).toBe('none');
  await settleCheckouts(new Date(Date.now() + 3 * 60_000));
  expect((await recordGuest(never.body.paymentIntentId, never.body.checkoutSecret)).status).toBe(201);
  expect(await balanceOf(bigId)).toBe(20000 - never.body.amounts.total);
  const late = await intent({ cart: candle(1), giftCardCode: bigCode }, '203.0.113.5');
  await settleCheckouts(new Date(Date.now() + 61 * 60_000));
  expect((await recordGuest(late.body.paymentIntentId, late.body.checkoutSecret)).status).toBe(409);
  expect(await balanceOf(bigId)).toBe(20000 - never.body.amounts.total);
  await ledgersAgree([cardId, bigId], []);
});

it('a cancel gives the gift card its part and the card the rest; a refund in part goes to the card first', async () => {
  const { cardId, code } = await activeCard(2000);
  const paidOrder = async () => {
    const checkout = await intent({ cart: candle(2), giftCardCode: code }, '203.0.113.6');
    await pay(checkout.body.clientSecret);
    expect((await recordGuest(checkout.body.paymentIntentId, checkout.body.checkoutSecret)).status).toBe(201);
    return { checkout, orderNumber: await orderNumberOf(checkout.body.paymentIntentId) };
  };
  const { checkout, orderNumber } = await paidOrder();
  const cardPart = checkout.body.cardAmount as number;
  expect(await balanceOf(cardId)).toBe(0);
  // Cancelled: $20 back on the gift card, the card's part back to the card.
  expect((await cancel(orderNumber)).status).toBe(200);
  expect(await balanceOf(cardId)).toBe(2000);
  expect((await processorRefunds(checkout.body.paymentIntentId)).reduce((sum, r) => sum + r.amount, 0)).toBe(cardPart);
  expect(sentMails().find((mail) => mail.subject === `Your order #${orderNumber} was cancelled`)!.text).toContain(
    `$20.00 is back on your gift card ending ${lastFour(code)}`,
  );

  // Another order; a refund of more than the card paid: the card gets all of its part, the gift card the rest.
  const again = await paidOrder();
  const total = again.checkout.body.amounts.total as number;
  const refunded = await refund(again.orderNumber, { refundId: randomUUID(), amount: total - 500, reason: 'goodwill' });
  expect(refunded.status).toBe(200);
  expect(await processorRefunds(again.checkout.body.paymentIntentId)).toEqual([
    expect.objectContaining({ amount: again.checkout.body.cardAmount }),
  ]);
  expect(await balanceOf(cardId)).toBe(2000 - 500);
  // What is left ($5 of the gift card's part) is all a further refund may give, and it goes to the gift card.
  const tooMuch = await refund(again.orderNumber, { refundId: randomUUID(), amount: 501, reason: 'goodwill' });
  expect(tooMuch.status).toBe(409);
  expect((await refund(again.orderNumber, { refundId: randomUUID(), amount: 500, reason: 'other' })).status).toBe(200);
  expect(await balanceOf(cardId)).toBe(2000);
  await ledgersAgree([cardId], [orderNumber, again.orderNumber]);
});

it('a refund as store credit makes a new card, mailed with its own code, and gives no money back', async () => {
  const checkout = await intent({ cart: candle(2) }, '203.0.113.7');
  await pay(checkout.body.clientSecret);
  await recordGuest(checkout.body.paymentIntentId, checkout.body.checkoutSecret);
  const orderNumber = await orderNumberOf(checkout.body.paymentIntentId);
  const answer = await refund(orderNumber, {
    refundId: randomUUID(),
    lines: candle(1),
    reason: 'damaged',
    to: 'store_credit',
  });
  expect(answer.status).toBe(200);
  const made = answer.body.order.money.refunds[0];
  expect(await processorRefunds(checkout.body.paymentIntentId)).toEqual([]);
  const order = (await orders.get({ orderNumber }, { consistent: true }))!;
  expect(order).toMatchObject({ storeCredited: made.total, refunded: 0 });
  // The credit's mail goes out with the send-mails job, with a code that works on the balance page.
  await sweepDeliveries(new Date(Date.now() + 1000), { compose: COMPOSERS });
  const mail = sentMails().find((sent) => sent.subject.startsWith('Your store credit of'))!;
  expect(mail.to).toContain('ada@example.com');
  const code = codeIn(mail.text);
  const balance = await balanceCheck(code, '203.0.113.8');
  expect(balance.body).toMatchObject({ balance: made.total, amount: made.total });
  // The refund's own mail says where the money went.
  expect(
    sentMails().find((sent) => sent.subject.startsWith('Refund of') && sent.subject.endsWith(`#${orderNumber}`))!.text,
  ).toContain('of store credit');
  const record = (await refunds.get({ orderNumber, refundId: made.refundId }, { consistent: true }))!;
  expect(await getCard(record.storeCreditCardId!)).toMatchObject({
    kind: 'store_credit',
    status: 'active',
    sourceOrder: orderNumber,
    last4: lastFour(code.replace(/-/g, '')),
  });
  await ledgersAgree([record.storeCreditCardId!], [orderNumber]);
});

it('10 wrong codes in 10 minutes from one client, then 429 with Retry-After; other clients are not held back', async () => {
  const { code } = await activeCard(1000);
  for (let n = 0; n < 10; n++) {
    const wrong = await balanceCheck('ABCD-EFGH-JKMN-PQRS-TVWX', '198.51.100.9');
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe(MESSAGES.giftCardUnknown);
  }
  const held = await balanceCheck(code, '198.51.100.9');
  expect(held.status).toBe(429);
  expect(Number(held.headers['Retry-After'])).toBeGreaterThan(0);
  // The checkout's field counts the same wrong codes.
  expect((await intent({ cart: candle(1), giftCardCode: code }, '198.51.100.9')).status).toBe(429);
  expect((await balanceCheck(code, '198.51.100.10')).status).toBe(200);
});

it('cancelling an order voids the gift cards it bought while unspent; once one was spent from, the cancel is refused', async () => {
  const bought = async (recipientEmail: string) => {
    const line = giftCardLine({
      amount: 2500,
      recipientName: 'Bo',
      recipientEmail,
      deliverOn: shopDay(new Date()),
    });
    const checkout = await intent({ cart: [line, ...candle(1)] }, '203.0.113.11');
    expect(checkout.status).toBe(200);
    await pay(checkout.body.clientSecret);
    expect((await recordGuest(checkout.body.paymentIntentId, checkout.body.checkoutSecret)).status).toBe(201);
    const orderNumber = await orderNumberOf(checkout.body.paymentIntentId);
    const order = (await orders.get({ orderNumber }, { consistent: true }))!;
    const [card] = purchasedCards(order);
    expect(await getCard(card.cardId)).toMatchObject({ status: 'scheduled', balance: 2500 });
    return { orderNumber, cardId: card.cardId };
  };

  // Unspent: the cancel voids it with the order (its mail is then never sent).
  const first = await bought('bo-1@example.com');
  expect((await cancel(first.orderNumber)).status).toBe(200);
  expect(await getCard(first.cardId)).toMatchObject({ status: 'voided', balance: 0 });
  await sweepDeliveries(new Date(Date.now() + 1000), { compose: COMPOSERS });
  expect(sentMails().filter((mail) => mail.to.includes('bo-1@example.com'))).toEqual([]);

  // Spent from: the card cannot be taken back, so the order is not cancelled and nothing moves.
  const second = await bought('bo-2@example.com');
  await sweepDeliveries(new Date(Date.now() + 1000), { compose: COMPOSERS });
  const code = codeIn(sentMails().find((mail) => mail.to.includes('bo-2@example.com'))!.text);
  const spend = await intent({ cart: candle(1), giftCardCode: code }, '203.0.113.12');
  await pay(spend.body.clientSecret);
  expect((await recordGuest(spend.body.paymentIntentId, spend.body.checkoutSecret)).status).toBe(201);
  const refused = await cancel(second.orderNumber);
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toMatch(/has been spent from/);
  expect((await orders.get({ orderNumber: second.orderNumber }, { consistent: true }))!.status).toBe('pending');
  await ledgersAgree([first.cardId, second.cardId], [first.orderNumber, second.orderNumber]);
});
