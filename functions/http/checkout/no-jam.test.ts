import { MESSAGES } from '#shared/messages';
import { checkouts } from '../../db/entities/checkout';
import { products } from '../../db/entities/product';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { settleCheckouts } from '../../domain/checkout/settle';
import { useFreshTable } from '#tests/helpers';
import { authorizedGuest, available, guestIntent, orderOf, pay, recordGuest } from '#tests/checkout';

/**
 * Issue 12, "Checkout nobody can jam" (OWASP OAT-021, Denial of Inventory): unpaid checkouts hold no stock,
 * and buyers whose cards are authorized race for the stock without overselling or charging anyone without goods.
 */
beforeAll(async () => {
  await useFreshTable();
  await products.create({
    id: 'rug',
    name: 'Pumpkin Rug',
    image: '/i/r.svg',
    description: 'd',
    price: 8900,
    tag: 'rugs',
    stock: { CANDLE: 3 },
  });
  await products.create({
    id: 'candle',
    name: 'Cider Candle',
    image: '/i/c.svg',
    description: 'd',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: 10 },
  });
});

it('20 unpaid guest checkouts asking for every unit leave the product on sale, and a shopper then buys it', async () => {
  const before = await available('rug');
  expect(before).toEqual({ CANDLE: 3 });
  const unpaid = await Promise.all(
    Array.from({ length: 20 }, () => guestIntent({ cart: [{ id: 'rug', size: 'CANDLE', quantity: 3 }] })),
  );
  expect(unpaid.map((r) => r.status)).toEqual(Array(20).fill(200));
  // What every other shopper sees: the same counts as before.
  expect(await available('rug')).toEqual(before);
  const shopper = await authorizedGuest([{ id: 'rug', size: 'CANDLE', quantity: 3 }]);
  const bought = await recordGuest(shopper.paymentIntentId);
  expect(bought.status).toBe(201);
  expect(await available('rug')).toEqual({ CANDLE: 0 });
  // The 20 unpaid ones can still pay, but the rugs are gone: they are told, and not charged.
  const late = unpaid[0].body;
  const { body } = await pay(late.clientSecret);
  expect(body.paymentIntent.status).toBe('requires_capture');
  const refused = await recordGuest(late.paymentIntentId);
  expect(refused.body.error).toEqual({ code: 'out_of_stock', message: `${MESSAGES.outOfStock}\nPumpkin Rug` });
  expect((await testPaymentIntents.get({ id: late.paymentIntentId }))?.status).toBe('canceled');
}, 60_000);

it('50 buyers with authorized cards race for 10 units: 10 orders and captures, 40 cancelled authorizations, none oversold or charged without stock', async () => {
  const buyers = [];
  for (let i = 0; i < 50; i++) buyers.push(await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]));
  const answers = await Promise.all(buyers.map((buyer) => recordGuest(buyer.paymentIntentId)));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused).toHaveLength(40);
  expect(
    refused.every((a) => a.status === 409 && a.body.error.message === `${MESSAGES.outOfStock}\nCider Candle`),
  ).toBe(true);
  // The job finds nothing left half-way.
  await settleCheckouts(new Date(Date.now() + 5 * 60_000));

  const ids = buyers.map((buyer) => buyer.paymentIntentId);
  const intents = await testPaymentIntents.getMany(ids.map((id) => ({ id })));
  const written = (await Promise.all(ids.map(orderOf))).filter((order) => order !== null);
  const captured = intents.filter((intent) => intent.status === 'succeeded');
  expect(written).toHaveLength(10);
  expect(written.every((order) => order.paymentStatus === 'captured')).toBe(true);
  expect(captured).toHaveLength(10);
  expect(intents.filter((intent) => intent.status === 'canceled')).toHaveLength(40);
  const oversold =
    Math.max(0, -Number((await products.get({ id: 'candle' }))!.stock.CANDLE)) + Math.max(0, written.length - 10);
  expect(oversold).toBe(0);
  expect((await products.get({ id: 'candle' }))!.stock.CANDLE).toBe(0);
  const chargedWithoutStock = captured.filter(
    (intent) =>
      !written.some((order) =>
        order.payments?.some((payment) => payment.method === 'card' && payment.intentId === intent.id),
      ),
  );
  expect(chargedWithoutStock).toHaveLength(0);
  const states = await checkouts.getMany(buyers.map((buyer) => ({ checkoutId: buyer.checkoutId })));
  expect(states.filter((c) => c.state === 'captured')).toHaveLength(10);
  expect(states.filter((c) => c.state === 'closed' && c.closedReason === 'out_of_stock')).toHaveLength(40);
}, 120_000);
