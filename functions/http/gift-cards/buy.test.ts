import { randomUUID } from 'node:crypto';
import { addDays, formatCode, lastFour, startOfShopDay, shopDay } from '#shared/gift-cards';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { PROMO_MESSAGES } from '#shared/promo';
import { giftCardIdSchema } from '#shared/schemas/gift-cards';
import { giftCardEntries, giftCards } from '../../db/entities/gift-card';
import { promos } from '../../db/entities/promo';
import { finishPayment, getOrder } from '../../domain/checkout/orders';
import { CaptureError } from '../../domain/money/payments/provider';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { getCard } from '../../domain/gift-cards/cards';
import { checkCard } from '../../domain/money/ledger';
import { GIFT_CARD_MAIL, giftCardMailRef } from '../../domain/gift-cards/mails';
import { purchasedCardId, purchaseItems } from '../../domain/gift-cards/purchase';
import { getDelivery, sweepDeliveries } from '../../domain/mail/deliveries';
import { transactWriteOrFailures } from '../../db/transaction';
import { COMPOSERS, handler as sendMails } from '../../jobs/send-mails';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import {
  address,
  createCandle,
  guestIntent,
  mailsFor,
  orderNumberOf,
  orderOf,
  pay,
  recordGuest,
  shopNoticesFor,
  stockOf,
} from '#tests/checkout';
import { handler as lookup } from '../orders/lookup-order';
import { handler as getCart } from '../cart/get-cart';
import { handler as saveCart } from '../cart/save-cart';
import { handler as checkPromo } from '../checkout/check-promo-code';
import { handler as validateCart } from '../checkout/validate-cart';
import { handler as checkBalance } from './check-balance';

/**
 * Buying a gift card (issue 36 item 1, docs/decisions/0127) through the real checkout routes, against DynamoDB Local
 * and the SES stand-in: priced at its amount with no shipping, tax or discount of its own; made with the capture, in
 * its transaction (scheduled, its mail due at the start of its day); mailed by the send-mails job with a code that the
 * balance route then knows.
 */
const today = () => shopDay(new Date());
/** The send-mails job's Lambda context: its 10 s. */
const jobContext = { getRemainingTimeInMillis: () => 10_000 };
const recipient = () => `bea-${randomUUID().slice(0, 8)}@example.com`;
const card = (details: Record<string, unknown> = {}) => ({
  id: 'gift-card',
  size: 'GIFT CARD',
  quantity: 1,
  giftCard: {
    amount: 5000,
    recipientName: 'Bea <Friend> & Co',
    recipientEmail: recipient(),
    message: 'Happy birthday!\nLove, Ada',
    deliverOn: today(),
    ...details,
  },
});
const candles = (quantity = 2) => ({ id: 'candle', size: 'CANDLE', quantity });
const mailsTo = (email: string) => sentMails().filter((mail) => mail.to.includes(email));
const codeIn = (text: string) => /Your gift card code: ([A-Z0-9-]+)/.exec(text)?.[1] ?? null;
const balance = (code: string) =>
  invoke(checkBalance, { method: 'POST', path: '/api/gift-cards/balance', body: { code } });
const promoCheck = (code: string, cart: unknown[]) =>
  invoke(checkPromo, { method: 'POST', path: '/api/promo-codes/check', body: { code, cart } });
const cardsOf = (orderNumber: string) => giftCards.query('byOrder', { sourceOrder: orderNumber });

/** A guest buys `cart`: the intent, the test card 4242, and the order recorded (captured); its number. */
async function buy(cart: unknown[], body: Record<string, unknown> = {}) {
  const intent = await guestIntent({ cart, ...body });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
  return { intent: intent.body, orderNumber: await orderNumberOf(intent.body.paymentIntentId) };
}

beforeAll(async () => {
  await useFreshTable();
  await createCandle(50);
  await promos.create({ code: 'TENOFF', kind: 'percent', value: 10 });
  await promos.create({ code: 'SHIPFREE', kind: 'shipping', value: 0 });
  process.env.SITE_URL = 'https://shop.example.com';
});
afterEach(() => jest.restoreAllMocks());

describe('buying a card', () => {
  it('a $50 card for someone: priced at $50 with nothing else, made scheduled at the capture, mailed by the job with a code the balance page knows', async () => {
    const line = card();
    const intent = await guestIntent({ cart: [line] });
    expect(intent.status).toBe(200);
    // Nothing ships, nothing is taxed, no discount: the card's amount is the total.
    expect(intent.body.amounts).toEqual({ subtotal: 5000, discount: 0, shipping: 0, tax: 0, total: 5000 });
    await pay(intent.body.clientSecret);
    const recorded = await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret);
    expect(recorded.status).toBe(201);
    // The order's view carries the card as bought (its words as the shop stores them), never a code.
    const viewLine = recorded.body.order.lines[0];
    expect(viewLine).toMatchObject({ id: 'gift-card', size: 'GIFT CARD', price: 5000, quantity: 1 });
    expect(viewLine.giftCard).toEqual({
      amount: 5000,
      recipientName: 'Bea &lt;Friend&gt; &amp; Co',
      recipientEmail: line.giftCard.recipientEmail,
      message: 'Happy birthday!\nLove, Ada',
      deliverOn: today(),
    });
    expect(JSON.stringify(recorded.body)).not.toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}|last4|codeHash/);

    const order = (await orderOf(intent.body.paymentIntentId))!;
    expect(order.paymentStatus).toBe('captured');
    expect(order.lines[0].shares).toEqual({ discount: 0, shipping: 0, tax: 0, shippingTax: 0 });
    const cardId = purchasedCardId(order.orderNumber, 0);
    expect(giftCardIdSchema.safeParse(cardId).success).toBe(true);
    const made = (await getCard(cardId))!;
    expect(made).toMatchObject({
      kind: 'purchased',
      status: 'scheduled',
      amount: 5000,
      balance: 5000,
      buyer: { orderNumber: order.orderNumber, name: address.name, email: address.email },
      sourceOrder: order.orderNumber,
      recipient: { name: 'Bea &lt;Friend&gt; &amp; Co', email: line.giftCard.recipientEmail },
      message: 'Happy birthday!\nLove, Ada',
      deliverOn: today(),
    });
    expect(made.codeHash).toBeUndefined();
    expect((await checkCard(cardId)).ok).toBe(true);
    // Its mail: due at the start of today in New York, which has come, so at the capture.
    const mail = (await getDelivery(GIFT_CARD_MAIL, giftCardMailRef(cardId, 1)))!;
    expect(mail.status).toBe('pending');
    expect(mail.dueAt! >= startOfShopDay(today())).toBe(true);
    expect(mail.dueAt! <= new Date().toISOString()).toBe(true);

    // The buyer's receipt names the card, not a size, and says nothing ships.
    const [receipt] = mailsFor(order.orderNumber);
    expect(receipt.text).toContain(`Gift card for Bea <Friend> & Co, mailed`);
    expect(receipt.text).toContain('$50.00');
    expect(receipt.text).toContain('Nothing ships.');
    expect(receipt.text).not.toContain('GIFT CARD');
    expect(receipt.text).not.toContain('Shipping to:');

    // The send-mails job (every minute) writes the card's mail with a fresh code.
    await sendMails(undefined, jobContext);
    const mails = mailsTo(line.giftCard.recipientEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Ada Buyer sent you a $50.00 gift card');
    expect(mails[0].text).toContain('Happy birthday!\nLove, Ada');
    const code = codeIn(mails[0].text)!;
    expect(code).toMatch(/^([A-Z0-9]{4}-){4}[A-Z0-9]{4}$/);
    const active = (await getCard(cardId))!;
    expect(active.status).toBe('active');
    expect(active.last4).toBe(lastFour(code.replace(/-/g, '')));
    expect((await getDelivery(GIFT_CARD_MAIL, giftCardMailRef(cardId, 1)))!.status).toBe('sent');
    // Anyone holding the code sees its balance; the job run again mails nothing more.
    const answer = await balance(code.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ last4: active.last4, amount: 5000, balance: 5000 });
    await sendMails(undefined, jobContext);
    expect(mailsTo(line.giftCard.recipientEmail)).toHaveLength(1);
    expect(formatCode(code.replace(/-/g, ''))).toBe(code);
  });

  it('a card for a later day is made at once but mailed only at the start of its day (midnight in New York)', async () => {
    const day = addDays(today(), 3);
    const line = card({ amount: 2500, deliverOn: day, message: undefined });
    const { orderNumber } = await buy([line]);
    const cardId = purchasedCardId(orderNumber, 0);
    expect((await getDelivery(GIFT_CARD_MAIL, giftCardMailRef(cardId, 1)))!.dueAt).toBe(startOfShopDay(day));
    // Every run before its day mails nothing, the last one a second before midnight.
    await sweepDeliveries(new Date(), { compose: COMPOSERS });
    await sweepDeliveries(new Date(Date.parse(startOfShopDay(day)) - 1000), { compose: COMPOSERS });
    expect(mailsTo(line.giftCard.recipientEmail)).toHaveLength(0);
    expect((await getCard(cardId))!.status).toBe('scheduled');
    // The first run of its day mails it.
    await sweepDeliveries(new Date(Date.parse(startOfShopDay(day)) + 30_000), { compose: COMPOSERS });
    const [mail] = mailsTo(line.giftCard.recipientEmail);
    expect(mail.subject).toBe('Ada Buyer sent you a $25.00 gift card');
    expect((await getCard(cardId))!).toMatchObject({ status: 'active', last4: lastFour(codeIn(mail.text)!.slice(-4)) });
  });

  it('a capture repeated (the browser, the webhook, the job, a retry) makes no second card, entry or mail', async () => {
    const { intent, orderNumber } = await buy([card(), candles(1)]);
    // Recorded again by anyone, and finished again: the same order, already captured.
    expect((await recordGuest(intent.paymentIntentId, intent.checkoutSecret)).status).toBe(200);
    await finishPayment((await getOrder(orderNumber))!);
    // Even the card's own writes, tried once more, are refused whole.
    const order = (await getOrder(orderNumber))!;
    expect((await transactWriteOrFailures(purchaseItems(order))).length).toBeGreaterThan(0);
    const cards = await cardsOf(orderNumber);
    expect(cards.map((made) => made.cardId)).toEqual([purchasedCardId(orderNumber, 0)]);
    expect(await giftCardEntries.query('byCard', { cardId: cards[0].cardId })).toHaveLength(1);
    expect((await checkCard(cards[0].cardId)).balance).toBe(5000);
  });

  it('an order whose capture fails makes no card (nothing was charged)', async () => {
    const intent = await guestIntent({ cart: [card()] });
    await pay(intent.body.clientSecret);
    jest
      .spyOn(TestPaymentProvider.prototype, 'captureIntent')
      .mockRejectedValue(new CaptureError('The authorization has expired.', true));
    expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(409);
    const order = (await orderOf(intent.body.paymentIntentId))!;
    expect(order.paymentStatus).toBe('capture_failed');
    expect(await cardsOf(order.orderNumber)).toEqual([]);
    expect(await getCard(purchasedCardId(order.orderNumber, 0))).toBeNull();
  });

  it('two cards to two people are two lines and two cards; goods beside them ship and take their stock', async () => {
    const before = (await stockOf('product', 'candle')).CANDLE;
    const first = card({ amount: 2500 });
    const second = card({ amount: 10000, recipientName: 'Cy' });
    const { orderNumber } = await buy([first, candles(1), second]);
    const cards = await cardsOf(orderNumber);
    expect(cards.map((made) => [made.amount, made.recipient.email]).sort()).toEqual(
      [
        [10000, second.giftCard.recipientEmail],
        [2500, first.giftCard.recipientEmail],
      ].sort(),
    );
    expect(cards.map((made) => made.cardId).sort()).toEqual(
      [purchasedCardId(orderNumber, 0), purchasedCardId(orderNumber, 2)].sort(),
    );
    expect((await stockOf('product', 'candle')).CANDLE).toBe(before - 1);
    const [receipt] = mailsFor(orderNumber);
    expect(receipt.text).toContain('Shipping to:');
    expect(receipt.text).toContain('Each gift card is mailed to its recipient on its day, with its code.');
    expect(receipt.text).toContain('Gift card for Cy, mailed');
  });
});

describe('a cart of gift cards only asks for the buyer alone (issue 50 item 9)', () => {
  const buyer = { name: 'Ada Buyer', email: 'ada@example.com' };

  it('is bought with a name and an email only: no tax, no address kept, the receipt and the owner’s notice say nothing ships', async () => {
    const intent = await guestIntent({ cart: [card()], shippingAddress: buyer });
    expect(intent.status).toBe(200);
    expect(intent.body.amounts).toEqual({ subtotal: 5000, discount: 0, shipping: 0, tax: 0, total: 5000 });
    await pay(intent.body.clientSecret);
    const recorded = await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret);
    expect(recorded.status).toBe(201);
    expect(recorded.body.order.shippingAddress).toEqual(buyer);
    const order = (await orderOf(intent.body.paymentIntentId))!;
    expect(order.shippingAddress).toEqual(buyer);
    expect(order.amounts.tax).toBe(0);
    expect((await getCard(purchasedCardId(order.orderNumber, 0)))!.buyer).toMatchObject(buyer);
    const [receipt] = mailsFor(order.orderNumber);
    expect(receipt.text).toContain('Nothing ships.');
    const [notice] = shopNoticesFor(order.orderNumber);
    expect(notice.text).toContain(GIFT_CARD_WORDS.nothingShips);
    expect(notice.text).not.toContain('Ship to:');
    // The guest finds it by number and email, as any order.
    const found = await invoke(lookup, {
      method: 'POST',
      path: '/api/orders/lookup',
      body: { orderNumber: order.orderNumber, email: 'ADA@example.com' },
    });
    expect(found.status).toBe(200);
    expect(found.body.order.shippingAddress).toEqual(buyer);
  });

  it('keeps the buyer alone even when a client sends a whole address (nothing ships: no address is kept)', async () => {
    const intent = await guestIntent({ cart: [card()], shippingAddress: { ...address, phone: '2085550100' } });
    expect(intent.status).toBe(200);
    const { checkouts } = await import('../../db/entities/checkout');
    expect((await checkouts.get({ checkoutId: intent.body.checkoutId }))!.shippingAddress).toEqual({
      name: address.name,
      email: address.email,
    });
  });

  it('still checks the name and the email; a cart with anything to ship still needs the whole address', async () => {
    const noEmail = await guestIntent({
      cart: [card()],
      shippingAddress: { name: 'Ada Buyer', email: 'not-an-email' },
    });
    expect(noEmail.status).toBe(400);
    expect(Object.keys(noEmail.body.error.fields)).toEqual(['shippingAddress.email']);
    const noName = await guestIntent({ cart: [card()], shippingAddress: { email: 'ada@example.com' } });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.error.fields)).toEqual(['shippingAddress.name']);
    // Goods beside the card: the street, city, state and ZIP are each required, with the spec's words; nothing is made.
    const { checkouts } = await import('../../db/entities/checkout');
    const before = (await checkouts.query('byState', { state: 'open' })).length;
    const mixed = await guestIntent({ cart: [card(), candles(1)], shippingAddress: buyer });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.fields).toEqual({
      'shippingAddress.line1': 'Please fill in all required fields.',
      'shippingAddress.city': 'Please fill in all required fields.',
      'shippingAddress.state': 'Please fill in all required fields.',
      'shippingAddress.zip': 'Please fill in all required fields.',
    });
    expect((await checkouts.query('byState', { state: 'open' })).length).toBe(before);
    const candlesOnly = await guestIntent({ cart: [candles(1)], shippingAddress: { ...buyer, line1: '1 Main St' } });
    expect(candlesOnly.status).toBe(400);
    expect(Object.keys(candlesOnly.body.error.fields).sort()).toEqual([
      'shippingAddress.city',
      'shippingAddress.state',
      'shippingAddress.zip',
    ]);
  });
});

describe('pricing', () => {
  it('a mixed cart: the discount, the shipping and the tax are the goods’ only; each line keeps its shares, which sum', async () => {
    const intent = await guestIntent({ cart: [candles(2), card()], promoCode: 'TENOFF' });
    expect(intent.status).toBe(200);
    // Illinois 6.25%: round((3600 - 360 + 599) x 0.0625) = 240; the card's $50 is in the subtotal and the total only.
    expect(intent.body.amounts).toEqual({ subtotal: 8600, discount: 360, shipping: 599, tax: 240, total: 9079 });
    expect((await promoCheck('TENOFF', [candles(2), card()])).body).toMatchObject({ discount: 360 });
    const { checkouts } = await import('../../db/entities/checkout');
    const checkout = (await checkouts.get({ checkoutId: intent.body.checkoutId }))!;
    const [goods, giftCard] = checkout.lines;
    expect(giftCard).toMatchObject({ id: 'gift-card', cell: null, taxCode: 'txcd_00000000' });
    expect(giftCard.shares).toEqual({ discount: 0, shipping: 0, tax: 0, shippingTax: 0 });
    expect(goods.shares).toMatchObject({ discount: 360, shipping: 599, tax: 240 });
    // Free shipping on a mixed cart takes off the goods' shipping.
    const free = await guestIntent({ cart: [candles(1), card()], promoCode: 'SHIPFREE' });
    expect(free.body.amounts).toMatchObject({ subtotal: 6800, discount: 599, shipping: 599 });
  });

  it('a cart of gift cards only ships free, is not taxed, and refuses a promo code plainly', async () => {
    const two = [card({ amount: 1000 }), card({ amount: 50000, recipientName: 'Dee' })];
    const intent = await guestIntent({ cart: two });
    expect(intent.body.amounts).toEqual({ subtotal: 51000, discount: 0, shipping: 0, tax: 0, total: 51000 });
    for (const answer of [await guestIntent({ cart: two, promoCode: 'TENOFF' }), await promoCheck('TENOFF', two)]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({
        code: 'promo_gift_cards_only',
        message: PROMO_MESSAGES.gift_cards_only,
      });
    }
    // An unknown code is still unknown.
    expect((await promoCheck('NOPE', two)).status).toBe(404);
  });

  it('a gift card is never sold out: the stock check names only the goods', async () => {
    const { products } = await import('../../db/entities/product');
    await products.create({
      id: 'gone-candle',
      name: 'Gone Candle',
      image: '/i/g.svg',
      description: 'd',
      price: 900,
      tag: 'candles',
      stock: { CANDLE: 0 },
    });
    const check = (cart: unknown[]) =>
      invoke(validateCart, { method: 'POST', path: '/api/products/validate-cart', body: { cart } });
    expect((await check([card()])).body).toEqual({ success: true, outOfStockItems: [] });
    expect((await check([card(), { id: 'gone-candle', size: 'CANDLE', quantity: 1 }])).body).toEqual({
      success: false,
      outOfStockItems: ['Gone Candle'],
    });
  });

  it('a card that cannot be bought is refused with a plain message, and nothing is made', async () => {
    // The pricing's own message, or the schema's per field (the form shows those beside each field).
    const refused = async (cart: unknown[]) => {
      const answer = await guestIntent({ cart });
      expect(answer.status).toBe(400);
      const { message, fields } = answer.body.error as { message: string; fields?: Record<string, string> };
      return fields && !fields.cart ? Object.values(fields).join(' ') : message;
    };
    // Named as the shopper typed it (the shop stores it sanitised).
    expect(await refused([card({ deliverOn: addDays(today(), -1) })])).toMatch(
      /^Gift card for Bea <Friend> & Co, mailed .+: The delivery date cannot be in the past\.$/,
    );
    expect(await refused([card({ deliverOn: addDays(today(), 91), recipientName: 'Eve' })])).toMatch(
      /at most 90 days ahead/,
    );
    expect(await refused([card({ amount: 999 })])).toMatch(/from \$10 to \$500/);
    expect(await refused([card({ amount: 50001 })])).toMatch(/from \$10 to \$500/);
    expect(await refused([{ ...card(), quantity: 2 }])).toMatch(/quantity of 1/);
    expect(await refused([{ ...card(), size: 'M' }])).toMatch(/quantity of 1/);
    expect(await refused([{ ...candles(1), giftCard: card().giftCard }])).toMatch(/quantity of 1/);
    const same = card();
    expect(await refused([same, same])).toBe(GIFT_CARD_WORDS.twice);
    expect(await refused(Array.from({ length: 11 }, (_, index) => card({ amount: 1000 + index })))).toBe(
      GIFT_CARD_WORDS.tooMany,
    );
  });
});

describe('a signed-in cart', () => {
  it('keeps each gift card line with its details, as typed', async () => {
    const { token } = await signInNewUser();
    const line = {
      ...card({ recipientName: 'Fay & Gus', message: 'For <you>' }),
      name: 'Gift card',
      image: '/gift-card.svg',
      price: 1,
    };
    const other = { ...card({ amount: 7500 }), name: 'x', image: '/x.svg', price: 7500 };
    const candle = { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
    const saved = await invoke(saveCart, {
      method: 'POST',
      path: '/auth/cart',
      token,
      body: { cart: [line, candle, other] },
    });
    expect(saved.status).toBe(200);
    const read = await invoke(getCart, { method: 'GET', path: '/auth/cart', token });
    expect(read.body.cart.cart).toEqual([
      // Priced at its amount (the client's price is not read), named and pictured by the shop.
      { ...line, price: 5000, name: 'Gift card', image: '/gift-card.svg' },
      expect.objectContaining({ id: 'candle', quantity: 2 }),
      { ...other, price: 7500, name: 'Gift card', image: '/gift-card.svg' },
    ]);
    expect(read.body.cart.cart[0].giftCard).toMatchObject({ recipientName: 'Fay & Gus', message: 'For <you>' });
  });
});
