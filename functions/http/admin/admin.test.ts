import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { db } from '../../db/service';
import { invoke, signInNewUser, useFreshTable } from '../../../tests/helpers';
import { handler as getProduct } from '../catalog/get-product';
import { handler as listPublic } from '../catalog/list-products';
import { handler as completeOrder } from './complete-order';
import { handler as createProduct } from './create-product';
import { handler as createItem } from './create-stock-item';
import { handler as createUpload } from './create-upload';
import { handler as deleteProduct } from './delete-product';
import { handler as draft } from './draft-product';
import { handler as listDrafted } from './list-drafted-products';
import { handler as listOrders } from './list-orders';
import { handler as listProducts } from './list-products';
import { handler as undraft } from './undraft-product';
import { handler as updateItem } from './update-stock-item';
import { handler as updateProduct } from './update-product';

let token: string;
const as = (extra: Record<string, unknown>) => ({ token, ...extra }) as never;
const bucketDir = () => path.join(process.env.TEST_STORAGE_DIR!, 'test-images');

beforeAll(async () => {
  await useFreshTable();
  token = (await signInNewUser({ admin: true })).token;
  await db().entities.stockItem.create({ id: 'TEE', stock: { S: 1, M: 2, L: 3, XL: 4, '2XL': 5 } }).go();
});

const candle = { name: 'Ember Candle', description: 'Smoky', price: 2100, tag: 'Candles, hot', image: '/images/products/ember.png', extraImages: ['/images/products/ember-2.png'], stock: { CANDLE: 7 } };
const publicIds = async (category?: string) =>
  (await invoke(listPublic, { method: 'GET', path: '/api/products', query: category ? { category } : undefined })).body.products.map((p: { id: string }) => p.id);

describe('products', () => {
  let id: string;

  it('adds a product that then shows in its category', async () => {
    const created = await invoke(createProduct, as({ method: 'POST', path: '/api/admin/products', body: candle }));
    expect(created.status).toBe(201);
    id = created.body.id;
    expect(created.body).toMatchObject({ tag: 'candles,hot', version: 1, status: 'listed' });
    expect(await publicIds('candles')).toContain(id);
  });

  it('needs an image ("Please upload an image!") and an existing stock item for apparel', async () => {
    const noImage = await invoke(createProduct, as({ method: 'POST', path: '/api/admin/products', body: { ...candle, image: '' } }));
    expect(noImage.body.error.fields.image).toBe('Please upload an image!');
    const tee = await invoke(createProduct, as({ method: 'POST', path: '/api/admin/products', body: { ...candle, tag: 'tees', stockRef: 'NOPE' } }));
    expect(tee.status).toBe(400);
    expect(tee.body.error.fields.stockRef).toBe('That stock item does not exist.');
  });

  it('updates at the version read; a second admin with the same version gets 409 and changes nothing', async () => {
    const first = await invoke(updateProduct, as({ method: 'PUT', path: `/api/admin/products/${id}`, params: { id }, body: { price: 2300, version: 1 } }));
    expect(first.body).toMatchObject({ price: 2300, version: 2 });
    const second = await invoke(updateProduct, as({ method: 'PUT', path: `/api/admin/products/${id}`, params: { id }, body: { price: 1, version: 1 } }));
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('This product was changed by someone else. Reload to see the latest version.');
    expect((await db().entities.product.get({ id }).go()).data?.price).toBe(2300);
  });

  it('drafts (gone from the shop, in the drafted list) and undrafts', async () => {
    await invoke(draft, as({ method: 'POST', path: `/api/admin/products/${id}/draft`, params: { id } }));
    expect(await publicIds()).not.toContain(id);
    expect((await invoke(getProduct, { method: 'GET', path: `/api/products/${id}`, params: { id } })).status).toBe(404);
    expect((await invoke(listDrafted, as({ method: 'GET', path: '/api/admin/drafted-products' }))).body.products.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await invoke(listProducts, as({ method: 'GET', path: '/api/admin/products' }))).body.products.map((p: { id: string }) => p.id)).not.toContain(id);
    await invoke(undraft, as({ method: 'POST', path: `/api/admin/products/${id}/undraft`, params: { id } }));
    expect(await publicIds('hot')).toContain(id);
    expect((await invoke(listDrafted, as({ method: 'GET', path: '/api/admin/drafted-products' }))).body.products).toEqual([]);
  });

  it('deletes the product and its images from the bucket', async () => {
    mkdirSync(path.join(bucketDir(), 'images', 'products'), { recursive: true });
    for (const name of ['ember.png', 'ember-2.png', 'other.png']) writeFileSync(path.join(bucketDir(), 'images', 'products', name), 'x');
    const gone = await invoke(deleteProduct, as({ method: 'DELETE', path: `/api/admin/products/${id}`, params: { id } }));
    expect(gone.status).toBe(200);
    expect((await db().entities.product.get({ id }).go()).data).toBeNull();
    expect(existsSync(path.join(bucketDir(), 'images', 'products', 'ember.png'))).toBe(false);
    expect(existsSync(path.join(bucketDir(), 'images', 'products', 'ember-2.png'))).toBe(false);
    expect(existsSync(path.join(bucketDir(), 'images', 'products', 'other.png'))).toBe(true);
  });
});

describe('stock items', () => {
  it('refuses a duplicate id and negative or fractional counts', async () => {
    expect((await invoke(createItem, as({ method: 'POST', path: '/api/admin/items', body: { id: 'TEE', stock: { S: 0, M: 0, L: 0, XL: 0, '2XL': 0 } } }))).status).toBe(409);
    expect((await invoke(createItem, as({ method: 'POST', path: '/api/admin/items', body: { id: 'NEW', stock: { S: -1, M: 0.5, L: 0, XL: 0, '2XL': 0 } } }))).status).toBe(400);
  });

  it('lets the first of two concurrent saves win and answers 409 to the second', async () => {
    const save = (S: number) => invoke(updateItem, as({ method: 'PUT', path: '/api/admin/items/TEE', params: { id: 'TEE' }, body: { version: 1, stock: { S, M: 2, L: 3, XL: 4, '2XL': 5 } } }));
    const first = await save(10);
    const second = await save(99);
    expect([first.status, second.status]).toEqual([200, 409]);
    expect((await db().entities.stockItem.get({ id: 'TEE' }).go()).data?.stock.S).toBe(10);
  });
});

describe('orders', () => {
  it('lists pending orders and completing moves one into the archive, idempotently', async () => {
    await db().entities.order.put({
      orderNumber: 'pi_admin1', customer: 'guest', status: 'pending',
      shippingAddress: { name: 'G', email: 'g@example.com', line1: 'x', city: 'y', state: 'TX', zip: '73301' },
      lines: [{ id: 'c', name: 'Candle', image: '/i.svg', price: 100, size: 'CANDLE', quantity: 1 }],
      amounts: { subtotal: 100, shipping: 599, tax: 0, total: 699 },
    }).go();
    const pending = await invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders' }));
    expect(pending.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['pi_admin1']);
    const complete = () => invoke(completeOrder, as({ method: 'POST', path: '/api/admin/orders/pi_admin1/complete', params: { orderNumber: 'pi_admin1' } }));
    expect((await complete()).body.status).toBe('completed');
    expect((await complete()).body.status).toBe('completed');
    expect((await invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders' }))).body.orders).toEqual([]);
    const archive = await invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders', query: { status: 'completed' } }));
    expect(archive.body.orders[0]).toMatchObject({ orderNumber: 'pi_admin1', status: 'completed' });
  });
});

describe('image upload', () => {
  it('refuses other types and large files', async () => {
    expect((await invoke(createUpload, as({ method: 'POST', path: '/api/admin/uploads', body: { contentType: 'image/svg+xml', size: 100 } }))).status).toBe(400);
    expect((await invoke(createUpload, as({ method: 'POST', path: '/api/admin/uploads', body: { contentType: 'image/png', size: 6 * 1024 * 1024 } }))).status).toBe(400);
  });

  it('gives a presigned URL the browser PUTs the bytes to, straight into the image bucket', async () => {
    const { status, body } = await invoke(createUpload, as({ method: 'POST', path: '/api/admin/uploads', body: { contentType: 'image/png', size: 4 } }));
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/images\/products\/[0-9a-f-]+\.png$/);
    const put = await fetch(body.uploadUrl, { method: 'PUT', headers: body.headers, body: new Uint8Array([137, 80, 78, 71]) });
    expect(put.status).toBe(200);
    expect(existsSync(path.join(bucketDir(), body.key))).toBe(true);
    const missingType = await fetch(body.uploadUrl, { method: 'PUT', body: new Uint8Array([1]) });
    expect(missingType.status).toBe(403);
  });
});

it('an update changes only the fields it names', async () => {
  const created = await invoke(createProduct, as({ method: 'POST', path: '/api/admin/products', body: candle }));
  const updated = await invoke(updateProduct, as({ method: 'PUT', path: `/api/admin/products/${created.body.id}`, params: { id: created.body.id }, body: { name: 'Renamed', version: 1 } }));
  expect(updated.body).toMatchObject({ name: 'Renamed', extraImages: candle.extraImages, stock: candle.stock, price: candle.price });
});
