import { carts } from '../../db/entities/cart';
import { products } from '../../db/entities/product';
import { invoke, signInNewUser, useFreshTable, pipelinePhoto } from '#tests/helpers';
import { handler as getCart } from './get-cart';
import { handler as saveCart } from './save-cart';
import { createCandle } from '#tests/checkout';

const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
const read = (token: string) => invoke(getCart, { method: 'GET', path: '/auth/cart', token });
const save = (token: string, body: unknown) => invoke(saveCart, { method: 'POST', path: '/auth/cart', token, body });

const candle = { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 };
const tee = { id: 'tee', name: 'Tee', image: '/i/t.svg', price: 2500, size: 'M', quantity: 1, stockRef: 'X' };

let alice: string;
let bob: string;

beforeAll(async () => {
  await useFreshTable();
  [alice, bob] = (await Promise.all([signInNewUser(), signInNewUser()])).map((u) => u.token);
  await createCandle(9);
  await products.create({
    id: 'tee',
    name: 'Tee',
    image: '/i/t.svg',
    description: 'd',
    price: 2500,
    tag: 'tees',
    stockRef: 'X',
  });
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

describe('GET/POST /auth/cart', () => {
  it('answers an empty saved cart in the shape the client reads (cart.cart)', async () => {
    const { status, body } = await read(alice);
    expect(status).toBe(200);
    expect(body).toEqual({ cart: { cart: [] } });
  });

  it('round-trips a cart, re-priced from the table: a client price, name or image is ignored', async () => {
    const saved = await save(alice, {
      cart: [
        { ...candle, name: 'Cheap', image: '/evil.svg', price: 1, quantity: 2 },
        { ...tee, price: 0, stockRef: 'Y' },
      ],
    });
    expect(saved.status).toBe(200);
    const expected = { cart: { cart: [{ ...candle, quantity: 2 }, tee] } };
    expect(saved.body).toEqual(expected);
    expect((await read(alice)).body).toEqual(expected);
    const stored = (await carts.get({ userId: userIdOf(alice) }))!;
    expect((stored.lines ?? []).map((l) => l.price)).toEqual([1800, 2500]);
  });

  it("a product with a photo: the saved cart's line carries the JPEG an <img> shows, not the photo's bare path", async () => {
    const picture = pipelinePhoto();
    const src = picture.image;
    await products.create({
      id: 'photo-rug',
      name: 'Photo Rug',
      ...picture,
      description: 'd',
      price: 8900,
      tag: 'rugs',
      stock: { CANDLE: 2 },
    });
    const { token: carol } = await signInNewUser();
    const saved = await save(carol, {
      cart: [{ id: 'photo-rug', name: 'Photo Rug', image: `${src}/640.jpg`, price: 8900, size: 'CANDLE', quantity: 1 }],
    });
    expect(saved.body.cart.cart[0].image).toBe(`${src}/640.jpg`);
    expect((await read(carol)).body.cart.cart[0].image).toBe(`${src}/640.jpg`);
  });

  it('drops drafted, unknown and wrong-size lines and merges the same product and size up to 9', async () => {
    const cart = [
      { ...candle, quantity: 5 },
      { ...candle, quantity: 7 },
      { ...candle, id: 'hidden', name: 'Hidden', price: 100 },
      { ...candle, id: 'ghost' },
      { ...tee, size: 'CANDLE' },
    ];
    const { body } = await save(alice, { cart });
    expect(body).toEqual({ cart: { cart: [{ ...candle, quantity: 9 }] } });
  });

  it('rejects bad lines and changes nothing', async () => {
    const before = (await read(alice)).body;
    for (const line of [
      { ...candle, quantity: 0 },
      { ...candle, quantity: 10 },
      { ...candle, quantity: 1.5 },
      { ...candle, size: 'XXL' },
      { ...candle, price: -1 },
    ]) {
      expect((await save(alice, { cart: [line] })).status).toBe(400);
    }
    expect((await save(alice, { cart: 'nope' })).status).toBe(400);
    expect((await read(alice)).body).toEqual(before);
  });

  it('keeps carts apart: another user never reads or changes this one, whatever the body says', async () => {
    const before = (await read(alice)).body;
    expect(before.cart.cart).toHaveLength(1);
    expect((await read(bob)).body).toEqual({ cart: { cart: [] } });
    const stored = async () => await carts.get({ userId: userIdOf(alice) });
    const inTable = await stored();
    await save(bob, { cart: [tee], userId: userIdOf(alice) });
    await save(bob, { cart: [], userId: userIdOf(alice) });
    expect(await stored()).toEqual(inTable);
    expect((await read(alice)).body).toEqual(before);
    expect((await read(bob)).body).toEqual({ cart: { cart: [] } });
  });

  it('shows a saved cart as the catalogue is now: a new price, a drafted product gone', async () => {
    await products.create({ id: 'mug', name: 'Mug', image: '/i/m.svg', description: 'd', price: 1200, tag: 'candles' });
    await save(bob, { cart: [candle, { ...candle, id: 'mug', name: 'Mug', image: '/i/m.svg', price: 1200 }] });
    await products.update({ id: 'candle' }, { set: { price: 1500 } });
    await products.update(
      { id: 'mug' },
      { set: { status: 'drafted' } },
      { current: (await products.get({ id: 'mug' }))! },
    );
    expect((await read(bob)).body).toEqual({ cart: { cart: [{ ...candle, price: 1500 }] } });
    await products.update({ id: 'candle' }, { set: { price: 1800 } });
    await save(bob, { cart: [] });
  });

  it('empties the saved cart with an empty list', async () => {
    await save(alice, { cart: [] });
    expect((await read(alice)).body).toEqual({ cart: { cart: [] } });
  });
});
