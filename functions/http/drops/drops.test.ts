import { MESSAGES } from '#shared/messages';
import { checkouts } from '../../db/entities/checkout';
import { dropBuyers } from '../../db/entities/drop-buyer';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { stockShards } from '../../db/entities/stock-shard';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { adminCancel, available, guestIntent, orderOf, orderNumberOf, pay, recordGuest } from '#tests/checkout';
import { handler as setUpDrop } from './set-up-drop';
import { handler as getDrop } from './get-drop';
import { handler as restockDrop } from './restock-drop';
import { handler as endDrop } from './end-drop';
import { handler as updateStockItem } from '../admin/update-stock-item';
import { shopLocal } from '#shared/drops';

/**
 * Issue 57 item 2, a drop's sharded stock (docs/decisions/0170), against DynamoDB Local: many authorized buyers at
 * once never oversell, one customer under many names and tabs stays within the limit, a sold-out drop cancels the
 * late authorizations, refunds and restocks go back into a shard, the sum check holds after every run, and the shards
 * fold back into the one count when the drop ends.
 */

let admin: string;

/** A wall-clock time in the shop's zone, `minutes` from now, as the owner's form gives it. */
function shopTime(minutes: number): string {
  return shopLocal(Date.now() + minutes * 60_000);
}

const setUp = (productId: string, body: Record<string, unknown>) =>
  invoke(setUpDrop, {
    token: admin,
    method: 'PUT',
    path: `/api/admin/drops/${productId}`,
    routePath: '/api/admin/drops/{productId}',
    params: { productId },
    body,
  });
const view = async (productId: string) =>
  (
    await invoke(getDrop, {
      token: admin,
      method: 'GET',
      path: `/api/admin/drops/${productId}`,
      routePath: '/api/admin/drops/{productId}',
      params: { productId },
    })
  ).body;

/** A guest (with this email) whose card is authorized for `quantity` units of `id` in `size`. */
async function authorized(email: string, id: string, size: string, quantity = 1) {
  const intent = await guestIntent({
    cart: [{ id, size, quantity }],
    shippingAddress: { name: 'Drop Buyer', email, line1: '1 Main St', city: 'Springfield', state: 'il', zip: '62701' },
  });
  if (intent.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(intent.body)}`);
  const paid = await pay(intent.body.clientSecret);
  if (paid.body.paymentIntent?.status !== 'requires_capture') throw new Error('card not authorized');
  return intent.body as { paymentIntentId: string; checkoutId: string };
}

/** Runs `count` tasks, `width` at a time (the card step of many buyers before the race). */
async function inBatches<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const done: T[] = [];
  for (let start = 0; start < count; start += width)
    done.push(
      ...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, i) => task(start + i)))),
    );
  return done;
}

/** The shards' units of a size, each (none below zero is the invariant). */
const shardsOf = async (cell: string, count: number) =>
  (
    await stockShards.getMany(
      Array.from({ length: count }, (_, shard) => ({ cell, shard })),
      { consistent: true },
    )
  )
    .sort((a, b) => a.shard - b.shard)
    .map((shard) => shard.units);

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  const base = { image: '/i/x.svg', description: 'd', price: 3000 };
  await products.create({ ...base, id: 'mug', name: 'Drop Mug', tag: 'tumblers', stock: { '16oz': 40, '20oz': 5 } });
  await stockItems.create({ id: 'DROPTEE', stock: { S: 0, M: 12, L: 3, XL: 0, '2XL': 0 } });
  await products.create({ ...base, id: 'tee', name: 'Drop Tee', tag: 'tees', stockRef: 'DROPTEE' });
  await products.create({ ...base, id: 'later', name: 'Later Candle', tag: 'candles', stock: { CANDLE: 5 } });
});

it('the owner sets a drop up: its units split over shards, one number per size, the sum check holding', async () => {
  const answer = await setUp('mug', { sizes: ['16oz'], startsAt: shopTime(-1), limit: 2, shards: 8 });
  expect(answer.status).toBe(200);
  expect(answer.body.sizes).toEqual([
    { size: '16oz', shards: 8, start: 40, units: 40, taken: 0, restocked: 0, sumHolds: true },
  ]);
  expect(await shardsOf('product|mug|16oz', 8)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
  // The record's own count holds none of them now; shoppers see the one number, and the size not in the drop as is.
  expect((await products.get({ id: 'mug' }))!.stock).toEqual({ '16oz': 0, '20oz': 5 });
  expect(await available('mug')).toEqual({ '16oz': 40, '20oz': 5, '24oz': 0 });
  // A second drop of the same product while this one is on is refused, and changes nothing.
  const again = await setUp('mug', { sizes: ['16oz'], startsAt: shopTime(-1), limit: 2 });
  expect(again.status).toBe(409);
  expect(await shardsOf('product|mug|16oz', 8)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
});

it('70 buyers with authorized cards race for 40 units: 40 orders, 30 authorizations cancelled, none oversold', async () => {
  const buyers = await inBatches(70, 10, (i) => authorized(`racer${i}@example.com`, 'mug', '16oz'));
  const answers = await Promise.all(buyers.map((buyer) => recordGuest(buyer.paymentIntentId)));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(40);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused).toHaveLength(30);
  expect(refused.every((a) => a.status === 409 && a.body.error.code === 'out_of_stock')).toBe(true);

  const shards = await shardsOf('product|mug|16oz', 8);
  expect(shards).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  const drop = await view('mug');
  expect(drop.sizes[0]).toMatchObject({ units: 0, taken: 40, restocked: 0, sumHolds: true });
  const ids = buyers.map((buyer) => buyer.paymentIntentId);
  const intents = await testPaymentIntents.getMany(ids.map((id) => ({ id })));
  const written = (await Promise.all(ids.map(orderOf))).filter((order) => order !== null);
  expect(written).toHaveLength(40);
  expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(40);
  // Late authorizations are cancelled at once, not held: the shopper's answer is the sold-out message.
  expect(intents.filter((intent) => intent.status === 'canceled')).toHaveLength(30);
  const charged = intents.filter((intent) => intent.status === 'succeeded').map((intent) => intent.id);
  expect(
    charged.every((id) =>
      written.some((order) => order.payments?.some((p) => p.method === 'card' && p.intentId === id)),
    ),
  ).toBe(true);
}, 180_000);

it('one customer racing in 6 tabs under variants of one email gets at most the limit of 2', async () => {
  await setUp('tee', { sizes: ['M', 'L'], startsAt: shopTime(-1), limit: 2, shards: 3 });
  const emails = [
    'Dana.Drop@gmail.com',
    'danadrop+1@gmail.com',
    'dana.drop@googlemail.com',
    'DANADROP@GMAIL.COM',
    'd.a.n.a.drop+tab5@gmail.com',
    'danadrop@gmail.com',
  ];
  const tabs = await Promise.all(emails.map((email) => authorized(email, 'tee', 'M')));
  const answers = await Promise.all(tabs.map((tab) => recordGuest(tab.paymentIntentId)));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused).toHaveLength(4);
  expect(refused.every((a) => a.status === 409 && a.body.error.code === 'drop_limit')).toBe(true);
  expect(refused[0].body.error.message).toBe(`${MESSAGES.dropLimitReached}\nDrop Tee`);
  const intents = await testPaymentIntents.getMany(tabs.map((tab) => ({ id: tab.paymentIntentId })));
  expect(intents.filter((intent) => intent.status === 'canceled')).toHaveLength(4);
  const states = await checkouts.getMany(tabs.map((tab) => ({ checkoutId: tab.checkoutId })));
  expect(states.filter((c) => c.closedReason === 'drop_limit')).toHaveLength(4);
  expect((await dropBuyers.get({ productId: 'tee', buyer: 'email#danadrop@gmail.com' }))?.units).toBe(2);
  // The card step now refuses the same customer before a card is asked for, under yet another variant.
  const more = await guestIntent({
    cart: [{ id: 'tee', size: 'L', quantity: 1 }],
    shippingAddress: {
      name: 'Dana',
      email: 'dana.drop+again@gmail.com',
      line1: '1 Main St',
      city: 'X',
      state: 'il',
      zip: '62701',
    },
  });
  expect(more.status).toBe(409);
  expect(more.body.error).toEqual({ code: 'drop_limit', message: MESSAGES.dropLimit('Drop Tee', 2) });
  // A cart of more than the limit in one line is refused there too.
  const three = await guestIntent({
    cart: [{ id: 'tee', size: 'L', quantity: 3 }],
    shippingAddress: {
      name: 'Eve',
      email: 'eve@example.com',
      line1: '1 Main St',
      city: 'X',
      state: 'il',
      zip: '62701',
    },
  });
  expect(three.status).toBe(409);
  expect(three.body.error.code).toBe('drop_limit');
  const drop = await view('tee');
  expect(
    drop.sizes.map((s: { size: string; units: number; sumHolds: boolean }) => [s.size, s.units, s.sumHolds]),
  ).toEqual([
    ['M', 10, true],
    ['L', 3, true],
  ]);
}, 120_000);

it('a drop before its start is refused at the card step with its time', async () => {
  const answer = await setUp('later', { sizes: ['CANDLE'], startsAt: shopTime(24 * 60), limit: 1 });
  expect(answer.status).toBe(200);
  const early = await guestIntent({ cart: [{ id: 'later', size: 'CANDLE', quantity: 1 }] });
  expect(early.status).toBe(409);
  expect(early.body.error.code).toBe('drop_not_started');
  expect(early.body.error.message).toMatch(/^Later Candle goes on sale \w+day, \w+ \d+ at \d+:\d\d (AM|PM) ET\.$/);
});

it('a cancel and an owner restock put units back into a shard; ending folds the shards into the one count', async () => {
  const buyer = await authorized('returner@example.com', 'tee', 'L');
  expect((await recordGuest(buyer.paymentIntentId)).status).toBe(201);
  expect((await view('tee')).sizes[1]).toMatchObject({ units: 2, taken: 1, restocked: 0, sumHolds: true });
  const cancelled = await adminCancel(admin, await orderNumberOf(buyer.paymentIntentId));
  expect(cancelled.status).toBe(200);
  expect((await view('tee')).sizes[1]).toMatchObject({ units: 3, taken: 1, restocked: 1, sumHolds: true });
  const restock = await invoke(restockDrop, {
    token: admin,
    method: 'POST',
    path: '/api/admin/drops/tee/restock',
    routePath: '/api/admin/drops/{productId}/restock',
    params: { productId: 'tee' },
    body: { size: 'M', units: 5 },
  });
  expect(restock.status).toBe(200);
  expect(restock.body.sizes[0]).toMatchObject({ units: 15, taken: 2, restocked: 5, sumHolds: true });
  expect(await available('tee')).toMatchObject({ M: 15, L: 3 });
  // The stock item's own form cannot change a size in the drop meanwhile.
  const item = (await stockItems.get({ id: 'DROPTEE' }))!;
  expect(item.stock).toMatchObject({ M: 0, L: 0 });
  expect(item.dropShards).toEqual({ M: 3, L: 3 });
  const edit = await invoke(updateStockItem, {
    token: admin,
    method: 'PUT',
    path: '/api/admin/items/DROPTEE',
    routePath: '/api/admin/items/{id}',
    params: { id: 'DROPTEE' },
    body: { stock: { ...item.stock, M: 50 }, version: item.version },
  });
  expect(edit.status).toBe(409);
  expect((await stockItems.get({ id: 'DROPTEE' }, { consistent: true }))!.stock.M).toBe(0);

  const ended = await invoke(endDrop, {
    token: admin,
    method: 'POST',
    path: '/api/admin/drops/tee/end',
    routePath: '/api/admin/drops/{productId}/end',
    params: { productId: 'tee' },
  });
  expect(ended.status).toBe(200);
  expect(ended.body.state).toBe('ended');
  const folded = (await stockItems.get({ id: 'DROPTEE' }, { consistent: true }))!;
  expect(folded.stock).toMatchObject({ S: 0, M: 15, L: 3 });
  expect(folded.dropShards).toEqual({});
  expect(await shardsOf('stockItem|DROPTEE|M', 3)).toEqual([]);
  // After the drop the one count sells as before, with no limit.
  const after = await authorized('danadrop@gmail.com', 'tee', 'M', 3);
  expect((await recordGuest(after.paymentIntentId)).status).toBe(201);
  expect((await stockItems.get({ id: 'DROPTEE' }, { consistent: true }))!.stock.M).toBe(12);
}, 120_000);
