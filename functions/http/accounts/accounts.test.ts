import { MESSAGES } from '../../../shared/messages';
import { db } from '../../db/service';
import { invoke, signInNewUser, useFreshTable } from '../../../tests/helpers';
import { handler as getCart } from '../cart/get-cart';
import { handler as saveCart } from '../cart/save-cart';
import { handler as deleteProfile } from './delete-shipping-profile';
import { handler as getProfiles } from './get-shipping-profiles';
import { handler as previousOrder } from './get-previous-order';
import { handler as listOrders } from './list-orders';
import { handler as listRatings } from './list-ratings';
import { handler as rate } from './rate-product';
import { handler as saveProfiles } from './save-shipping-profiles';

const profile = { name: 'Ada', email: 'ada@example.com', phone: '5551234567', address: '1 Main St', state: 'TX', city: 'Austin', zip: '73301' };
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };

async function userIdOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
}

async function placeOrder(customer: string, orderNumber: string, productId: string, createdAt: string) {
  await db()
    .entities.order.put({
      orderNumber,
      customer,
      status: 'pending',
      shippingAddress: { name: 'A', email: 'a@example.com', line1: 'x', city: 'y', state: 'TX', zip: '73301' },
      lines: [{ id: productId, name: 'Candle', image: '/i.svg', price: 1800, size: 'CANDLE', quantity: 1 }],
      amounts: { subtotal: 1800, shipping: 599, tax: 0, total: 2399 },
      createdAt,
    })
    .go();
}

beforeAll(async () => {
  await useFreshTable();
  const [a, b] = await Promise.all([signInNewUser(), signInNewUser()]);
  alice = { token: a.token, userId: await userIdOf(a.token) };
  bob = { token: b.token, userId: await userIdOf(b.token) };
  const { product } = db().entities;
  await product.create({ id: 'candle', name: 'Candle', image: '/i/c.svg', description: 'd', price: 1800, tag: 'candles', stock: { CANDLE: 9 } }).go();
  await product.create({ id: 'tee', name: 'Tee', image: '/i/t.svg', description: 'd', price: 2500, tag: 'tees', stockRef: 'X' }).go();
  await product.create({ id: 'hidden', name: 'Hidden', image: '/i/h.svg', description: 'd', price: 100, tag: 'candles', status: 'drafted' }).go();
});

describe('cart', () => {
  it('saves and reads back the cart with stored prices, dropping drafted products and merging lines', async () => {
    const cart = [
      { id: 'candle', name: 'Cheap', image: '/x', price: 1, size: 'CANDLE', quantity: 5 },
      { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 7 },
      { id: 'hidden', name: 'Hidden', image: '/i/h.svg', price: 100, size: 'CANDLE', quantity: 1 },
      { id: 'tee', name: 'Tee', image: '/i/t.svg', price: 2500, size: 'M', quantity: 1 },
    ];
    const saved = await invoke(saveCart, { method: 'POST', path: '/auth/cart', token: alice.token, body: { cart } });
    expect(saved.status).toBe(200);
    const read = await invoke(getCart, { method: 'GET', path: '/auth/cart', token: alice.token });
    expect(read.body).toEqual({
      cart: {
        cart: [
          { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 9 },
          { id: 'tee', name: 'Tee', image: '/i/t.svg', price: 2500, size: 'M', quantity: 1, stockRef: 'X' },
        ],
      },
    });
    // Bob sees his own (empty) cart, and emptying his does not touch Alice's.
    expect((await invoke(getCart, { method: 'GET', path: '/auth/cart', token: bob.token })).body).toEqual({ cart: { cart: [] } });
    await invoke(saveCart, { method: 'POST', path: '/auth/cart', token: bob.token, body: { cart: [], userId: alice.userId } });
    expect((await invoke(getCart, { method: 'GET', path: '/auth/cart', token: alice.token })).body.cart.cart).toHaveLength(2);
  });
});

describe('shipping profiles', () => {
  const save = (token: string, profiles: unknown[]) => invoke(saveProfiles, { method: 'POST', path: '/auth/shippingProfiles', token, body: { profiles } });

  it('validates with the spec messages', async () => {
    const { status, body } = await save(alice.token, [{ ...profile, phone: '123', zip: '1234', state: 'Gondor', city: '' }]);
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      'profiles.0.phone': MESSAGES.invalidPhone,
      'profiles.0.zip': MESSAGES.invalidZip,
      'profiles.0.state': MESSAGES.invalidProfileState,
      'profiles.0.city': MESSAGES.profileFieldsRequired,
    });
    expect((await save(alice.token, [{ ...profile, address: 'x'.repeat(201) }])).status).toBe(400);
  });

  it('stores trimmed, sanitised profiles for their owner only, and deletes by index', async () => {
    const saved = await save(alice.token, [{ ...profile, name: '  <script>Ada</script> & Co ' }, { ...profile, name: 'Second' }]);
    expect(saved.body.data[0].name).toBe('&lt;script&gt;Ada&lt;/script&gt; &amp; Co');
    expect((await invoke(getProfiles, { method: 'GET', path: '/auth/shippingProfiles', token: bob.token })).body).toEqual({ data: [] });
    const bad = await invoke(deleteProfile, { method: 'DELETE', path: '/auth/shippingProfiles', token: alice.token, body: { index: 5 } });
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe('That shipping profile does not exist.');
    await invoke(deleteProfile, { method: 'DELETE', path: '/auth/shippingProfiles', token: bob.token, body: { index: 0 } });
    const del = await invoke(deleteProfile, { method: 'DELETE', path: '/auth/shippingProfiles', token: alice.token, body: { index: 0 } });
    expect(del.body.data.map((p: { name: string }) => p.name)).toEqual(['Second']);
  });
});

describe('orders and ratings', () => {
  beforeAll(async () => {
    await placeOrder(alice.userId, 'pi_old', 'tee', '2026-01-01T10:00:00Z');
    await placeOrder(alice.userId, 'pi_new', 'candle', '2026-02-01T10:00:00Z');
  });

  it('shows the latest order as the previous order, and the order list, only to its customer', async () => {
    const prev = await invoke(previousOrder, { method: 'GET', path: '/auth/previousOrderCombined', token: alice.token });
    expect(prev.body.cart).toEqual([{ id: 'candle', name: 'Candle', image: '/i.svg', price: 1800, size: 'CANDLE', quantity: 1 }]);
    const list = await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: alice.token });
    expect(list.body.orders.map((o: { orderNumber: string; status: string }) => [o.orderNumber, o.status])).toEqual([['pi_new', 'pending'], ['pi_old', 'pending']]);
    expect((await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: bob.token })).body.orders).toEqual([]);
    expect((await invoke(previousOrder, { method: 'GET', path: '/auth/previousOrderCombined', token: bob.token })).body.cart).toEqual([]);
  });

  const rateAs = (token: string, id: string, body: unknown) => invoke(rate, { method: 'POST', path: `/auth/products/${id}/reviews`, routePath: '/auth/products/{id}/reviews', params: { id }, token, body });

  it('lets a buyer rate once (a second rating replaces the first) and refuses non-buyers and bad ratings', async () => {
    expect((await rateAs(alice.token, 'candle', { rating: 4, userId: bob.userId })).body).toEqual({ rating: 4, ratingCount: 1, averageRating: 4 });
    expect((await rateAs(alice.token, 'candle', { rating: 2 })).body).toEqual({ rating: 2, ratingCount: 1, averageRating: 2 });
    expect((await rateAs(bob.token, 'candle', { rating: 5 })).status).toBe(403);
    for (const rating of [0, 6, '5', 2.5]) expect((await rateAs(alice.token, 'candle', { rating })).status).toBe(400);
    expect((await rateAs(alice.token, 'nope', { rating: 3 })).status).toBe(404);
    const product = (await db().entities.product.get({ id: 'candle' }).go()).data!;
    expect([product.ratingTotal, product.ratingCount]).toEqual([2, 1]);
    expect((await invoke(listRatings, { method: 'GET', path: '/auth/reviews', token: alice.token })).body).toEqual({ ratings: { candle: 2 } });
  });

  it('keeps the total exact with 20 buyers rating at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signInNewUser()));
    await Promise.all(buyers.map(async (buyer, i) => placeOrder(await userIdOf(buyer.token), `pi_b${i}`, 'tee', '2026-03-01T10:00:00Z')));
    const results = await Promise.all(buyers.map((buyer, i) => rateAs(buyer.token, 'tee', { rating: (i % 5) + 1 })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const product = (await db().entities.product.get({ id: 'tee' }).go()).data!;
    expect(product.ratingCount).toBe(20);
    expect(product.ratingTotal).toBe(60);
  }, 60_000);
});
