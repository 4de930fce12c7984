import { MESSAGES, RATING_MESSAGES } from '#shared/messages';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { reviews } from '../../db/entities/review';
import { shippingProfiles } from '../../db/entities/shipping-profiles';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as deleteProfile } from './delete-shipping-profile';
import { handler as getProfiles } from './get-shipping-profiles';
import { handler as previousOrder } from './get-previous-order';
import { handler as listOrders } from './list-orders';
import { handler as listRatings } from './list-ratings';
import { handler as rate } from './rate-product';
import { handler as saveProfiles } from './save-shipping-profiles';

const profile = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '5551234567',
  address: '1 Main St',
  state: 'TX',
  city: 'Austin',
  zip: '73301',
};

interface User {
  token: string;
  userId: string;
}
let alice: User;
let bob: User;

const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
async function newUser(): Promise<User> {
  const { token } = await signInNewUser();
  return { token, userId: userIdOf(token) };
}

/** Orders are recorded by checkout; here they are written directly with the order entity. */
async function placeOrder(
  customer: string,
  orderNumber: string,
  productIds: string[],
  createdAt: string,
  shippingAddress = { name: 'A', email: 'a@example.com', line1: 'x', city: 'y', state: 'TX', zip: '73301' },
  status: 'pending' | 'completed' = 'pending',
) {
  await orders.put({
    orderNumber,
    customer,
    status,
    ...(status === 'completed' ? { completedAt: createdAt } : {}),
    shippingAddress,
    lines: productIds.map((id) => ({
      id,
      name: id,
      image: `/i/${id}.svg`,
      price: 1800,
      size: 'CANDLE',
      quantity: 1,
      stockRef: 'S1',
    })),
    amounts: {
      subtotal: 1800 * productIds.length,
      discount: 0,
      shipping: 599,
      tax: 0,
      total: 1800 * productIds.length + 599,
    },
    createdAt,
  });
}

/** An order that has shipped (completed): its products may be rated. */
const placeShipped = (customer: string, orderNumber: string, productIds: string[], createdAt: string) =>
  placeOrder(customer, orderNumber, productIds, createdAt, undefined, 'completed');

const productRecord = async (id: string) => (await products.get({ id }))!;
const reviewOf = async (productId: string, userId: string) => await reviews.get({ productId, userId });

beforeAll(async () => {
  await useFreshTable();
  [alice, bob] = await Promise.all([newUser(), newUser()]);
  for (const id of ['candle', 'tee', 'mug', 'solo']) {
    await products.create({
      id,
      name: id,
      image: `/i/${id}.svg`,
      description: 'd',
      price: 1800,
      tag: 'candles',
      stock: { CANDLE: 9 },
    });
  }
  await products.create({
    id: 'hidden',
    name: 'Hidden',
    image: '/i/h.svg',
    description: 'd',
    price: 100,
    tag: 'candles',
    status: 'drafted',
  });
});

describe('shipping profiles', () => {
  const save = (user: User, profiles: unknown, extra: object = {}) =>
    invoke(saveProfiles, {
      method: 'POST',
      path: '/auth/shippingProfiles',
      token: user.token,
      body: { profiles, ...extra },
    });
  const read = async (user: User) =>
    (await invoke(getProfiles, { method: 'GET', path: '/auth/shippingProfiles', token: user.token })).body;
  const remove = (user: User, body: unknown) =>
    invoke(deleteProfile, { method: 'DELETE', path: '/auth/shippingProfiles', token: user.token, body });

  it('answers {data: []} before any profile is saved', async () => {
    expect(await read(alice)).toEqual({ data: [], lastUsed: null });
  });

  it('validates with the spec messages, field by field, and stores nothing', async () => {
    const { status, body } = await save(alice, [
      { ...profile, phone: '123', zip: '1234', state: 'Gondor', city: '   ', email: undefined },
    ]);
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      'profiles.0.email': MESSAGES.profileFieldsRequired,
      'profiles.0.phone': MESSAGES.invalidPhone,
      'profiles.0.zip': MESSAGES.invalidZip,
      'profiles.0.state': MESSAGES.invalidProfileState,
      'profiles.0.city': MESSAGES.profileFieldsRequired,
    });
    expect(await read(alice)).toEqual({ data: [], lastUsed: null });
  });

  it('refuses an email that is not an address with 400 naming the field, as the checkout does, and stores nothing', async () => {
    const before = await read(alice);
    for (const email of ['not an email', 'ada@example', 'ada @example.com', 'ada\u0000@example.com']) {
      const { status, body } = await save(alice, [profile, { ...profile, email }]);
      expect({ email, status, fields: body.error.fields }).toEqual({
        email,
        status: 400,
        fields: { 'profiles.1.email': 'Please enter a valid email address.' },
      });
    }
    expect(await read(alice)).toEqual(before);
    const ok = await save(alice, [{ ...profile, email: ' ada@example.com ' }]);
    expect(ok.status).toBe(200);
    expect(ok.body.data[0].email).toBe('ada@example.com');
  });

  it('stores names and addresses without the control and bidi characters typed into them', async () => {
    const saved = await save(bob, [
      { ...profile, name: 'Bo\u0000b \u0007Sm\u202Eith', address: '2 Elm\u2066 St\u0085' },
    ]);
    expect(saved.status).toBe(200);
    expect((await read(bob)).data[0]).toMatchObject({ name: 'Bob Smith', address: '2 Elm St' });
    await save(bob, []);
  });

  it('accepts 200 characters in a field and refuses 201', async () => {
    expect((await save(alice, [{ ...profile, address: 'x'.repeat(201) }])).status).toBe(400);
    const ok = await save(alice, [{ ...profile, address: 'x'.repeat(200) }]);
    expect(ok.status).toBe(200);
    expect(ok.body.data[0].address).toHaveLength(200);
  });

  it('a phone typed as (512) 555-0100 is taken (the 10-digit rule holds on the digits) and stored as its digits', async () => {
    const saved = await save(alice, [{ ...profile, phone: '(512) 555-0100' }]);
    expect(saved.status).toBe(200);
    expect(saved.body.data[0].phone).toBe('5125550100');
    expect((await read(alice)).data[0].phone).toBe('5125550100');
    const refused = await save(alice, [{ ...profile, phone: '(512) 555-010' }]);
    expect(refused.body.error.fields).toEqual({ 'profiles.0.phone': MESSAGES.invalidPhone });
    expect((await read(alice)).data[0].phone).toBe('5125550100');
  });

  it('accepts a full state name and at most 10 profiles', async () => {
    expect((await save(alice, [{ ...profile, state: ' new york ' }])).body.data[0].state).toBe('new york');
    expect(
      (
        await save(
          alice,
          Array.from({ length: 11 }, () => profile),
        )
      ).status,
    ).toBe(400);
  });

  it('stores trimmed profiles with <, > and & turned into entities, replacing the list', async () => {
    const saved = await save(alice, [
      { ...profile, name: '  <script>alert(1)</script> & Co ' },
      { ...profile, name: 'Second' },
      { ...profile, name: 'Third' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.data[0].name).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect((await read(alice)).data.map((p: { name: string }) => p.name)).toEqual([
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co',
      'Second',
      'Third',
    ]);
  });

  it('deletes by index, and answers 404 with a message for an index that does not exist', async () => {
    const bad = await remove(alice, { index: 5 });
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe('That shipping profile does not exist.');
    for (const index of [-1, 1.5, '1', 99]) expect((await remove(alice, { index })).status).toBe(400);
    const del = await remove(alice, { index: 1 });
    expect(del.status).toBe(200);
    expect(del.body.data.map((p: { name: string }) => p.name)).toEqual([
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co',
      'Third',
    ]);
    expect((await read(alice)).data).toHaveLength(2);
  });

  it('removes one profile per delete when two deletes race, never the wrong one', async () => {
    await save(bob, [
      { ...profile, name: 'B0' },
      { ...profile, name: 'B1' },
      { ...profile, name: 'B2' },
    ]);
    const results = await Promise.all([remove(bob, { index: 0 }), remove(bob, { index: 0 })]);
    const done = results.filter((r) => r.status === 200).length;
    expect(done).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status !== 200) expect(r.body.error.code).toBe('conflict');
    expect((await read(bob)).data.map((p: { name: string }) => p.name)).toEqual(['B0', 'B1', 'B2'].slice(done));
    await save(bob, []);
  });

  it('says which profile the latest order shipped to (lastUsed), whatever the case or the way the state is written', async () => {
    const [carol, dan] = await Promise.all([newUser(), newUser()]);
    const home = { ...profile, name: 'Carol Home', address: '4 Oak Ave', city: 'Peoria', state: 'IL', zip: '61602' };
    const office = { ...profile, name: 'Carol Lee', address: '9 Elm St', city: 'Austin', state: 'TX', zip: '73301' };
    expect((await save(carol, [home, office])).status).toBe(200);
    expect((await read(carol)).lastUsed).toBeNull();
    const to = (where: typeof profile, extra: object = {}) => ({
      name: where.name,
      email: 'receipts@example.com',
      line1: where.address,
      city: where.city,
      state: where.state,
      zip: where.zip,
      ...extra,
    });
    // Shipped to the office, typed as "Texas" in other case: that profile. Someone else's newer order changes nothing.
    await placeOrder(carol.userId, 'pi_carol_1', ['tee'], '2026-03-01T10:00:00.000Z', to(office, { state: 'texas ' }));
    await placeOrder(dan.userId, 'pi_dan_home', ['tee'], '2026-03-02T10:00:00.000Z', to(home));
    expect(await read(carol)).toEqual({
      data: [expect.objectContaining(home), expect.objectContaining(office)],
      lastUsed: 1,
    });
    // The latest order counts: home, then an address no profile holds (none).
    await placeOrder(carol.userId, 'pi_carol_2', ['tee'], '2026-03-03T10:00:00.000Z', to(home));
    expect((await read(carol)).lastUsed).toBe(0);
    await placeOrder(carol.userId, 'pi_carol_3', ['tee'], '2026-03-04T10:00:00.000Z', to(home, { line1: '5 Oak Ave' }));
    expect((await read(carol)).lastUsed).toBeNull();
  });

  it("keeps another user's profiles out of reach, whatever the body says", async () => {
    const stored = async () => await shippingProfiles.get({ userId: alice.userId });
    const inTable = await stored();
    const before = await read(alice);
    expect(await read(bob)).toEqual({ data: [], lastUsed: null });
    expect((await remove(bob, { index: 0, userId: alice.userId })).status).toBe(404);
    await save(bob, [{ ...profile, name: 'Bob' }], { userId: alice.userId });
    await remove(bob, { index: 0, userId: alice.userId });
    expect(await stored()).toEqual(inTable);
    expect(await read(alice)).toEqual(before);
    expect(await read(bob)).toEqual({ data: [], lastUsed: null });
  });
});

describe('previous order and order list', () => {
  beforeAll(async () => {
    await placeOrder(alice.userId, 'pi_old', ['tee'], '2026-01-01T10:00:00.000Z');
    await placeOrder(alice.userId, 'pi_new', ['candle', 'mug'], '2026-02-01T10:00:00.000Z');
    await placeOrder(bob.userId, 'pi_bob', ['solo'], '2026-03-01T10:00:00.000Z');
    await placeOrder('guest', 'pi_guest', ['solo'], '2026-04-01T10:00:00.000Z');
  });

  it("answers the items of the customer's latest order", async () => {
    const { status, body } = await invoke(previousOrder, {
      method: 'GET',
      path: '/auth/previousOrderCombined',
      token: alice.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      cart: [
        { id: 'candle', name: 'candle', image: '/i/candle.svg', price: 1800, size: 'CANDLE', quantity: 1 },
        { id: 'mug', name: 'mug', image: '/i/mug.svg', price: 1800, size: 'CANDLE', quantity: 1 },
      ],
      // Nothing has shipped yet: nothing to rate (issue 50 item 7).
      rateable: [],
    });
  });

  it("lists the customer's own orders, newest first, with status, amounts and lines", async () => {
    const { body } = await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: alice.token });
    expect(body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['pi_new', 'pi_old']);
    expect(body.orders[0]).toMatchObject({
      status: 'pending',
      createdAt: '2026-02-01T10:00:00.000Z',
      amounts: { subtotal: 3600, shipping: 599, tax: 0, total: 4199 },
    });
    expect(body.orders[0].lines).toHaveLength(2);
  });

  it("never shows another customer's orders", async () => {
    const bobs = await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: bob.token });
    expect(bobs.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['pi_bob']);
    const prev = await invoke(previousOrder, { method: 'GET', path: '/auth/previousOrderCombined', token: bob.token });
    expect(prev.body.cart.map((l: { id: string }) => l.id)).toEqual(['solo']);
    const carol = await newUser();
    expect(
      (await invoke(previousOrder, { method: 'GET', path: '/auth/previousOrderCombined', token: carol.token })).body,
    ).toEqual({ cart: [], rateable: [] });
    expect((await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: carol.token })).body).toEqual({
      orders: [],
    });
  });
});

describe('ratings', () => {
  const rateAs = (user: User, id: string, body: unknown) =>
    invoke(rate, {
      method: 'POST',
      path: `/auth/products/${id}/reviews`,
      routePath: '/auth/products/{id}/reviews',
      params: { id },
      token: user.token,
      body,
    });
  const ratingsOf = async (user: User) =>
    (await invoke(listRatings, { method: 'GET', path: '/auth/reviews', token: user.token })).body;
  const previousOf = async (user: User) =>
    (await invoke(previousOrder, { method: 'GET', path: '/auth/previousOrderCombined', token: user.token })).body;

  it('refuses a rating before the order has shipped (403, nothing written); once it has, the stars are offered', async () => {
    // Alice's latest order (the candle and the mug) is still being packed.
    const early = await rateAs(alice, 'candle', { rating: 5 });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe(RATING_MESSAGES.afterShipping);
    expect(await reviewOf('candle', alice.userId)).toBeNull();
    expect((await productRecord('candle')).ratingCount).toBe(0);
    expect((await previousOf(alice)).rateable).toEqual([]);
    // The owner ships it: the previous order offers both products, and the server takes the rating.
    const current = (await orders.get({ orderNumber: 'pi_new' }))!;
    const set = { status: 'completed' as const, completedAt: '2026-02-03T10:00:00.000Z' };
    await orders.update({ orderNumber: 'pi_new' }, { set }, { current });
    expect((await previousOf(alice)).rateable).toEqual(['candle', 'mug']);
  });

  it('lets a buyer rate a product; a second rating replaces the first; a userId in the body is ignored', async () => {
    const first = await rateAs(alice, 'candle', { rating: 4, userId: bob.userId });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ averageRating: 4, ratingCount: 1, rating: 4 });
    expect(await reviewOf('candle', bob.userId)).toBeNull();
    expect((await rateAs(alice, 'candle', { rating: 2 })).body).toEqual({
      averageRating: 2,
      ratingCount: 1,
      rating: 2,
    });
    const product = await productRecord('candle');
    expect([product.ratingTotal, product.ratingCount]).toEqual([2, 1]);
    expect(await ratingsOf(alice)).toEqual({ ratings: { candle: 2 } });
  });

  it('refuses ratings outside 1-5 or not whole numbers, and changes nothing', async () => {
    for (const rating of [0, 6, '5', 2.5, null, -1]) {
      const { status, body } = await rateAs(alice, 'candle', { rating });
      expect(status).toBe(400);
      expect(body.error.fields.rating).toBe('Rating must be a whole number from 1 to 5.');
    }
    expect((await rateAs(alice, 'candle', {})).status).toBe(400);
    const product = await productRecord('candle');
    expect([product.ratingTotal, product.ratingCount]).toEqual([2, 1]);
    expect((await reviewOf('candle', alice.userId))!.rating).toBe(2);
  });

  it('answers 404 for a missing or drafted product', async () => {
    expect((await rateAs(alice, 'nope', { rating: 3 })).status).toBe(404);
    await placeShipped(alice.userId, 'pi_hidden', ['hidden'], '2025-01-01T10:00:00.000Z');
    expect((await rateAs(alice, 'hidden', { rating: 3 })).status).toBe(404);
    expect((await productRecord('hidden')).ratingCount).toBe(0);
  });

  it('answers 403 to a customer who has not bought the product, and changes nothing', async () => {
    const { status, body } = await rateAs(bob, 'candle', { rating: 5 });
    expect(status).toBe(403);
    expect(body.error.message).toBe('You can rate a product once you have bought it.');
    expect(await reviewOf('candle', bob.userId)).toBeNull();
    const product = await productRecord('candle');
    expect([product.ratingTotal, product.ratingCount]).toEqual([2, 1]);
  });

  it("keeps one customer's ratings apart from another's", async () => {
    // Bob buys the candle too; his rating adds to the product but leaves Alice's rating as it was.
    await placeShipped(bob.userId, 'pi_bob2', ['candle'], '2026-05-01T10:00:00.000Z');
    expect((await rateAs(bob, 'candle', { rating: 5, userId: alice.userId })).body).toEqual({
      averageRating: 3.5,
      ratingCount: 2,
      rating: 5,
    });
    expect((await reviewOf('candle', alice.userId))!.rating).toBe(2);
    expect(await ratingsOf(alice)).toEqual({ ratings: { candle: 2 } });
    expect(await ratingsOf(bob)).toEqual({ ratings: { candle: 5 } });
  });

  it('averages several customers (rounded to one decimal)', async () => {
    const raters = await Promise.all([newUser(), newUser(), newUser()]);
    await Promise.all(raters.map((u, i) => placeShipped(u.userId, `pi_mug${i}`, ['mug'], '2026-06-01T10:00:00.000Z')));
    expect((await rateAs(raters[0], 'mug', { rating: 5 })).body).toEqual({
      averageRating: 5,
      ratingCount: 1,
      rating: 5,
    });
    expect((await rateAs(raters[1], 'mug', { rating: 4 })).body).toEqual({
      averageRating: 4.5,
      ratingCount: 2,
      rating: 4,
    });
    expect((await rateAs(raters[2], 'mug', { rating: 4 })).body).toEqual({
      averageRating: 4.3,
      ratingCount: 3,
      rating: 4,
    });
    expect((await rateAs(raters[2], 'mug', { rating: 1 })).body).toEqual({
      averageRating: 3.3,
      ratingCount: 3,
      rating: 1,
    });
  });

  it('keeps the total and count exact with 20 buyers rating at once, and one buyer re-rating at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newUser()));
    await Promise.all(
      buyers.map((u, i) => placeShipped(u.userId, `pi_solo${i}`, ['solo'], '2026-07-01T10:00:00.000Z')),
    );
    const results = await Promise.all(buyers.map((u, i) => rateAs(u, 'solo', { rating: (i % 5) + 1 })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    let product = await productRecord('solo');
    expect([product.ratingCount, product.ratingTotal]).toEqual([20, 60]);

    // One customer sending ten changes at once (double clicks, retries): one review, the total follows the last write.
    const again = await Promise.all(
      [1, 2, 3, 4, 5, 1, 2, 3, 4, 5].map((rating) => rateAs(buyers[0], 'solo', { rating })),
    );
    expect(again.every((r) => r.status === 200)).toBe(true);
    const final = (await reviewOf('solo', buyers[0].userId))!.rating;
    product = await productRecord('solo');
    expect([product.ratingCount, product.ratingTotal]).toEqual([20, 60 - 1 + final]);
  }, 60_000);
});
