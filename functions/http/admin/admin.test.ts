import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { images } from '../../db/entities/image';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as getProduct } from '../catalog/get-product';
import { handler as listPublic } from '../catalog/list-products';
import { handler as completeOrder } from './complete-order';
import { handler as createProduct } from './create-product';
import { handler as createItem } from './create-stock-item';
import { handler as createUpload } from './create-upload';
import { handler as deleteProduct } from './delete-product';
import { handler as deleteItem } from './delete-stock-item';
import { handler as draft } from './draft-product';
import { handler as getDashboard } from './get-dashboard';
import { handler as listDrafted } from './list-drafted-products';
import { handler as listItems } from './list-stock-items';
import { handler as listOrders } from './list-orders';
import { handler as listProducts } from './list-products';
import { handler as undraft } from './undraft-product';
import { handler as updateItem } from './update-stock-item';
import { handler as updateProduct } from './update-product';

let token: string;
let otherAdmin: string;
const as = (extra: Record<string, unknown>, who = token) => ({ token: who, ...extra }) as never;
const bucketDir = () => path.join(process.env.TEST_STORAGE_DIR!, process.env.IMAGES_BUCKET!);
/** The item exactly as the table holds it. */
const raw = async (Key: Record<string, unknown>) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key }))).Item ?? null;
const rawProduct = async (id: string) => raw(products.key({ id }));
const rawOrder = async (orderNumber: string) => (await raw(orders.key({ orderNumber })))!;
/** The attributes that differ between two raw table items. */
const changed = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();

beforeAll(async () => {
  await useFreshTable();
  [token, otherAdmin] = (await Promise.all([signInNewUser({ admin: true }), signInNewUser({ admin: true })])).map(
    (u) => u.token,
  );
  await stockItems.create({ id: 'TEE', stock: { S: 1, M: 2, L: 3, XL: 4, '2XL': 5 } });
});

/** Photos the image pipeline has made (ready image records, one 320 px width each), by name. */
const PHOTO = Object.fromEntries(
  ['ember', 'ember-2', 'tumbler', 'tee', 'other', 'a', 'b', 'c'].map((name) => [name, randomUUID()]),
);
const photo = (name: string) => `/images/products/${PHOTO[name]}`;
/** The files of a photo in the bucket: its private original and its variants. */
const photoFiles = (name: string) =>
  [
    `uploads/${PHOTO[name]}.png`,
    ...['avif', 'webp', 'jpg'].map((ext) => `images/products/${PHOTO[name]}/320.${ext}`),
  ].map((key) => path.join(bucketDir(), key));
beforeAll(async () => {
  for (const id of Object.values(PHOTO))
    await images.put({ id, status: 'ready', original: `uploads/${id}.png`, width: 320, height: 240, widths: [320] });
});

const candle = {
  name: 'Ember Candle',
  description: 'Smoky',
  price: 2100,
  tag: 'Candles, hot',
  image: photo('ember'),
  extraImages: [photo('ember-2')],
  stock: { CANDLE: 7 },
};
const add = (body: unknown) => invoke(createProduct, as({ method: 'POST', path: '/api/admin/products', body }));
const update = (id: string, body: unknown, who = token) =>
  invoke(updateProduct, as({ method: 'PUT', path: `/api/admin/products/${id}`, params: { id }, body }, who));
const publicIds = async (category?: string) =>
  (
    await invoke(listPublic, { method: 'GET', path: '/api/products', query: category ? { category } : undefined })
  ).body.products.map((p: { id: string }) => p.id);

describe('products', () => {
  let id: string;

  it('adds a product (slug id, normalised tag, own counts of its kind) that then shows in its category', async () => {
    const created = await add({ ...candle, stock: { CANDLE: 7, '16oz': 3 }, stockRef: 'TEE' });
    expect(created.status).toBe(201);
    id = created.body.id;
    expect(id).toMatch(/^ember-candle-[0-9a-f]{6}$/);
    expect(created.body).toMatchObject({
      tag: 'candles,hot',
      version: 1,
      status: 'listed',
      stock: { CANDLE: 7 },
      stockRef: '',
      sizes: [{ size: 'CANDLE', available: 7 }],
    });
    expect((await rawProduct(id))?.stockRef).toBeUndefined();
    expect(await publicIds('candles')).toContain(id);
    const listed = await invoke(listProducts, as({ method: 'GET', path: '/api/admin/products' }));
    expect(listed.body.products.find((p: { id: string }) => p.id === id)).toMatchObject({
      version: 1,
      stock: { CANDLE: 7 },
    });
  });

  it('keeps tumbler counts 16oz/20oz/24oz (missing ones 0) and links apparel to its stock item', async () => {
    const tumbler = await add({
      ...candle,
      name: 'Frost Tumbler',
      image: photo('tumbler'),
      extraImages: [],
      tag: 'tumblers',
      stock: { '16oz': 4, '24oz': 1, CANDLE: 9 },
    });
    expect(tumbler.body.stock).toEqual({ '16oz': 4, '20oz': 0, '24oz': 1 });
    const tee = await add({
      ...candle,
      name: 'Tee',
      image: photo('tee'),
      extraImages: [],
      tag: 'tees',
      stockRef: 'TEE',
      stock: { CANDLE: 3 },
    });
    expect(tee.body).toMatchObject({ stockRef: 'TEE', stock: {} });
    expect(tee.body.sizes.map((s: { available: number }) => s.available)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps a size's shipping weight and the product's packing rule; '' gives back its kind's rule", async () => {
    const rug = await add({
      ...candle,
      name: 'Tufted Rug',
      image: photo('other'),
      extraImages: [],
      tag: 'rugs',
      weightGrams: { CANDLE: 9000 },
      packing: 'boxed',
    });
    expect(rug.status).toBe(201);
    expect(rug.body).toMatchObject({ weightGrams: { CANDLE: 9000 }, packing: 'boxed' });
    expect(await rawProduct(rug.body.id)).toMatchObject({ weightGrams: { CANDLE: 9000 }, packing: 'boxed' });
    const refused = await update(rug.body.id, { version: 1, packing: 'crate' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.packing).toBe('Packing is one of: soft, boxed, alone.');
    const cleared = await update(rug.body.id, { version: 1, packing: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.packing).toBeUndefined();
    expect((await rawProduct(rug.body.id))?.packing).toBeUndefined();
  });

  it('refuses a product without an image ("Please upload an image!"), bad tags, and apparel without an existing stock item', async () => {
    const noImage = await add({ ...candle, image: '' });
    expect(noImage.status).toBe(400);
    expect(noImage.body.error.fields.image).toBe('Please upload an image!');
    expect((await add({ ...candle, image: 'https://evil.example/x.png' })).status).toBe(400);
    expect((await add({ ...candle, tag: ' , ' })).body.error.fields.tag).toBe('Tag is required.');
    expect((await add({ ...candle, tag: 'candles,weapons' })).status).toBe(400);
    expect((await add({ ...candle, price: 12.5 })).status).toBe(400);
    expect((await add({ ...candle, extraImages: [photo('a'), photo('b'), photo('c')] })).status).toBe(400);
    // Only photos the pipeline has made: not an old single file, not one still processing, not one it refused.
    expect((await add({ ...candle, image: '/images/products/ember.png' })).body.error.fields.image).toBe(
      'Upload the image first.',
    );
    const processing = await add({ ...candle, image: `/images/products/${randomUUID()}` });
    expect(processing.body.error.fields.image).toBe('Upload the image first (or wait until it says Ready).');
    const refused = randomUUID();
    await images.put({
      id: refused,
      status: 'failed',
      original: `uploads/${refused}.png`,
      width: 0,
      height: 0,
      widths: [],
      reason: 'This file could not be read as a photo. Upload another file.',
    });
    expect(
      (await add({ ...candle, extraImages: [`/images/products/${refused}`] })).body.error.fields['extraImages.0'],
    ).toBe('This file could not be read as a photo. Upload another file.');
    const tee = await add({ ...candle, tag: 'tees', stockRef: 'NOPE' });
    expect(tee.status).toBe(400);
    expect(tee.body.error.fields.stockRef).toBe('That stock item does not exist.');
    expect((await add({ ...candle, tag: 'giftwraps' })).status).toBe(400);
    const byStockRef = await update(id, { tag: 'hoodies', stockRef: 'NOPE', version: 1 });
    expect(byStockRef.status).toBe(400);
    expect((await rawProduct(id))?.tag).toBe('candles,hot');
  });

  it('updates at the version read: of two admins with the same version the first wins, the second gets 409 and changes nothing', async () => {
    const first = await update(id, { price: 2300, version: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ price: 2300, version: 2 });
    const second = await update(id, { price: 1, name: 'Other', version: 1 }, otherAdmin);
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: 'conflict',
      message: 'This product was changed by someone else. Reload to see the latest version.',
    });
    expect(await rawProduct(id)).toMatchObject({ price: 2300, name: 'Ember Candle', version: 2 });
  });

  it('lets exactly one of two simultaneous saves at the same version through', async () => {
    const results = await Promise.all([
      update(id, { price: 111, version: 2 }),
      update(id, { price: 222, version: 2 }, otherAdmin),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.price;
    expect(await rawProduct(id)).toMatchObject({ price: winner, version: 3 });
  });

  it('drafts: only status and version change; gone from the shop, in the drafted list; undraft brings it back', async () => {
    const before = (await rawProduct(id))!;
    const drafted = await invoke(
      draft,
      as({ method: 'POST', path: `/api/admin/products/${id}/draft`, params: { id } }),
    );
    expect(drafted.body).toMatchObject({ status: 'drafted', version: 4 });
    const after = (await rawProduct(id))!;
    expect(changed(before, after)).toEqual(['gsi1pk', 'status', 'updatedAt', 'version']);
    expect(await publicIds()).not.toContain(id);
    expect((await invoke(getProduct, { method: 'GET', path: `/api/products/${id}`, params: { id } })).status).toBe(404);
    expect(
      (await invoke(listDrafted, as({ method: 'GET', path: '/api/admin/drafted-products' }))).body.products.map(
        (p: { id: string }) => p.id,
      ),
    ).toEqual([id]);
    expect(
      (await invoke(listProducts, as({ method: 'GET', path: '/api/admin/products' }))).body.products.map(
        (p: { id: string }) => p.id,
      ),
    ).not.toContain(id);

    const undrafted = await invoke(
      undraft,
      as({ method: 'POST', path: `/api/admin/products/${id}/undraft`, params: { id } }),
    );
    expect(undrafted.body).toMatchObject({ status: 'listed', version: 5 });
    expect(changed(after, (await rawProduct(id))!)).toEqual(['gsi1pk', 'status', 'updatedAt', 'version']);
    expect(await publicIds('hot')).toContain(id);
    expect((await invoke(getProduct, { method: 'GET', path: `/api/products/${id}`, params: { id } })).status).toBe(200);
    expect(
      (await invoke(listDrafted, as({ method: 'GET', path: '/api/admin/drafted-products' }))).body.products,
    ).toEqual([]);
    expect(
      (await invoke(draft, as({ method: 'POST', path: '/api/admin/products/nope/draft', params: { id: 'nope' } })))
        .status,
    ).toBe(404);
  });

  it('deletes the product and its photos (variants, original, image record), keeping photos another product still shows', async () => {
    for (const file of ['ember', 'ember-2', 'other'].flatMap(photoFiles)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
    }
    const sharing = await add({ ...candle, name: 'Sharing', image: photo('other'), extraImages: [] });
    await update(id, { extraImages: [photo('ember-2'), photo('other')], version: 5 });
    const gone = await invoke(
      deleteProduct,
      as({ method: 'DELETE', path: `/api/admin/products/${id}`, params: { id } }),
    );
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ deleted: id, imagesKept: [photo('other')] });
    expect(await rawProduct(id)).toBeNull();
    expect(await rawProduct(sharing.body.id)).not.toBeNull();
    for (const file of [...photoFiles('ember'), ...photoFiles('ember-2')]) expect(existsSync(file)).toBe(false);
    for (const file of photoFiles('other')) expect(existsSync(file)).toBe(true);
    expect(await images.get({ id: PHOTO.ember })).toBeNull();
    expect(await images.get({ id: PHOTO.other })).not.toBeNull();
    expect(await publicIds()).not.toContain(id);
    expect(
      (await invoke(deleteProduct, as({ method: 'DELETE', path: `/api/admin/products/${id}`, params: { id } }))).status,
    ).toBe(404);
  });
});

describe('stock items', () => {
  const counts = (S: number) => ({ S, M: 2, L: 3, XL: 4, '2XL': 5 });
  const save = (S: number, version: number, who = token) =>
    invoke(
      updateItem,
      as(
        { method: 'PUT', path: '/api/admin/items/TEE', params: { id: 'TEE' }, body: { version, stock: counts(S) } },
        who,
      ),
    );

  it('adds, lists, refuses a duplicate id and negative or fractional counts', async () => {
    const created = await invoke(
      createItem,
      as({ method: 'POST', path: '/api/admin/items', body: { id: 'MUG-SET', stock: counts(0) } }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'MUG-SET', version: 1, stock: counts(0) });
    const dup = await invoke(
      createItem,
      as({ method: 'POST', path: '/api/admin/items', body: { id: 'TEE', stock: counts(9) } }),
    );
    expect(dup.status).toBe(409);
    expect((await stockItems.get({ id: 'TEE' }))?.stock.S).toBe(1);
    expect(
      (
        await invoke(
          createItem,
          as({
            method: 'POST',
            path: '/api/admin/items',
            body: { id: 'NEW', stock: { S: -1, M: 0.5, L: 0, XL: 0, '2XL': 0 } },
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await invoke(createItem, as({ method: 'POST', path: '/api/admin/items', body: { id: '', stock: counts(0) } })))
        .body.error.fields.id,
    ).toBe('Item id is required.');
    const items = await invoke(listItems, as({ method: 'GET', path: '/api/admin/items' }));
    expect(items.body.items.map((i: { id: string }) => i.id)).toEqual(['MUG-SET', 'TEE']);
  });

  it('lets the first of two saves at the same version win and answers 409 to the second', async () => {
    const first = await save(10, 1);
    const second = await save(99, 1, otherAdmin);
    expect([first.status, second.status]).toEqual([200, 409]);
    expect(first.body).toMatchObject({ version: 2, stock: counts(10) });
    expect(await stockItems.get({ id: 'TEE' })).toMatchObject({ stock: counts(10), version: 2 });
  });

  it('refuses to delete an item products link to; deletes an unused one', async () => {
    const linked = await invoke(
      deleteItem,
      as({ method: 'DELETE', path: '/api/admin/items/TEE', params: { id: 'TEE' } }),
    );
    expect(linked.status).toBe(409);
    expect(linked.body.error.message).toContain('Tee');
    expect(await stockItems.get({ id: 'TEE' })).not.toBeNull();
    expect(
      (await invoke(deleteItem, as({ method: 'DELETE', path: '/api/admin/items/MUG-SET', params: { id: 'MUG-SET' } })))
        .status,
    ).toBe(200);
    expect(await stockItems.get({ id: 'MUG-SET' })).toBeNull();
    expect(
      (await invoke(deleteItem, as({ method: 'DELETE', path: '/api/admin/items/MUG-SET', params: { id: 'MUG-SET' } })))
        .status,
    ).toBe(404);
  });
});

describe("a gift wrap's stock item, as the owner reads it (issue 34 item 5)", () => {
  it("lists the families of the products linked to each item and names a gift wrap's low sizes by its sheets", async () => {
    await stockItems.create({ id: 'WRAP-SHEETS', stock: { S: 1, M: 9, L: 0, XL: 0, '2XL': 0 } });
    const wrap = await add({
      name: 'Pine Wrap',
      description: 'Paper',
      price: 900,
      tag: 'giftwraps',
      stockRef: 'WRAP-SHEETS',
      image: photo('c'),
      extraImages: [],
    });
    expect(wrap.status).toBe(201);
    const listed = await invoke(listItems, as({ method: 'GET', path: '/api/admin/items' }));
    const families = Object.fromEntries(
      listed.body.items.map((i: { id: string; families: string[] }) => [i.id, i.families]),
    );
    expect(families['WRAP-SHEETS']).toEqual(['giftwrap']);
    expect(families.TEE).toEqual(['apparel']);
    const one = await invoke(listItems, as({ method: 'GET', path: '/api/admin/items', query: { id: 'WRAP-SHEETS' } }));
    expect(one.body.items).toEqual([expect.objectContaining({ id: 'WRAP-SHEETS', families: ['giftwrap'] })]);

    const dashboard = await invoke(
      getDashboard,
      as({ method: 'GET', path: '/api/admin/dashboard', query: { threshold: '1' } }),
    );
    // S and L are low (1 and 0), by the shopper's names; XL and 2XL sell nothing for a gift wrap, so are not listed.
    expect(
      dashboard.body.lowStock
        .filter((row: { id: string }) => row.id === 'WRAP-SHEETS')
        .map(({ size, label, count }: { size: string; label: string; count: number }) => ({ size, label, count })),
    ).toEqual([
      { size: 'L', label: '24inX44in', count: 0 },
      { size: 'S', label: '18inX36in', count: 1 },
    ]);
    // Labels only: the counts stay stored under S to 2XL.
    expect((await stockItems.get({ id: 'WRAP-SHEETS' }))?.stock).toEqual({ S: 1, M: 9, L: 0, XL: 0, '2XL': 0 });
    expect(await rawProduct(wrap.body.id)).toMatchObject({ stockRef: 'WRAP-SHEETS' });
  });
});

describe('orders', () => {
  const order = (orderNumber: string, createdAt: string) =>
    orders.put({
      orderNumber,
      customer: 'guest',
      status: 'pending',
      createdAt,
      shippingAddress: { name: 'G', email: 'g@example.com', line1: 'x', city: 'y', state: 'TX', zip: '73301' },
      lines: [{ id: 'c', name: 'Candle', image: '/i.svg', price: 100, size: 'CANDLE', quantity: 1 }],
      amounts: { subtotal: 100, discount: 0, shipping: 599, tax: 0, total: 699 },
    });
  const list = (status?: string) =>
    invoke(listOrders, as({ method: 'GET', path: '/api/admin/orders', query: status ? { status } : undefined }));
  const complete = (orderNumber: string) =>
    invoke(
      completeOrder,
      as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/complete`, params: { orderNumber }, body: {} }),
    );

  it('lists pending orders newest first; completing moves one into the archive (only status, completedAt, the shipping mail, version change), idempotently', async () => {
    await order('pi_admin_old', '2025-01-01T10:00:00Z');
    await order('pi_admin_new', '2025-01-02T10:00:00Z');
    const pending = await list();
    expect(pending.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      'pi_admin_new',
      'pi_admin_old',
    ]);
    expect(pending.body.orders[0]).toMatchObject({
      customer: 'guest',
      status: 'pending',
      amounts: { total: 699 },
      shippingAddress: { email: 'g@example.com' },
      createdAt: '2025-01-02T10:00:00Z',
    });

    const before = await rawOrder('pi_admin_old');
    const done = await complete('pi_admin_old');
    expect(done.body).toMatchObject({ status: 'completed', orderNumber: 'pi_admin_old' });
    expect(done.body.completedAt).toEqual(expect.any(String));
    const after = await rawOrder('pi_admin_old');
    expect(changed(before, after)).toEqual(['completedAt', 'gsi2pk', 'shipMail', 'status', 'updatedAt', 'version']);
    const again = await complete('pi_admin_old');
    expect(again.status).toBe(200);
    expect(again.body.completedAt).toBe(done.body.completedAt);
    expect(changed(after, await rawOrder('pi_admin_old'))).toEqual([]);

    expect((await list()).body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['pi_admin_new']);
    expect((await list('completed')).body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      'pi_admin_old',
    ]);
    expect((await list('shipped')).status).toBe(400);
    expect((await complete('pi_nope')).status).toBe(404);
  });
});

describe('image upload', () => {
  const ask = (body: unknown) => invoke(createUpload, as({ method: 'POST', path: '/api/admin/uploads', body }));

  it('refuses SVG and other types, empty and over-5-MB files', async () => {
    expect(
      (await ask({ contentType: 'image/svg+xml', size: 100, fileName: 'x.svg' })).body.error.fields.contentType,
    ).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    expect((await ask({ contentType: 'text/html', size: 100 })).status).toBe(400);
    expect((await ask({ contentType: 'image/png', size: 0 })).status).toBe(400);
    expect((await ask({ contentType: 'image/png', size: 5 * 1024 * 1024 + 1 })).body.error.fields.size).toBe(
      'Images can be at most 5 MB.',
    );
    expect((await ask({ contentType: 'image/png', size: 5 * 1024 * 1024, fileName: 'big.png' })).status).toBe(201);
  });

  it('signs a 5-minute PUT of exactly that type and size to the private uploads/<uuid>.<ext>', async () => {
    const { status, body } = await ask({ contentType: 'image/webp', size: 4, fileName: 'photo.png' });
    expect(status).toBe(201);
    expect(body.key).toMatch(/^uploads\/[0-9a-f-]{36}\.webp$/);
    expect(body.key).toBe(`uploads/${body.id}.webp`);
    expect(body.url).toBe(`/images/products/${body.id}`);
    // The request's correlation id travels with the upload to the image pipeline (decision 0100).
    expect(body.headers).toEqual({
      'content-type': 'image/webp',
      'x-amz-meta-correlation-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const url = new URL(body.uploadUrl);
    expect(url.pathname).toBe(`/s3/${process.env.IMAGES_BUCKET}/${body.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host;x-amz-meta-correlation-id',
    );

    const bytes = new Uint8Array([1, 2, 3, 4]);
    expect((await fetch(body.uploadUrl, { method: 'PUT', body: bytes })).status).toBe(403); // no Content-Type
    expect(
      (await fetch(body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes })).status,
    ).toBe(403);
    expect(
      (await fetch(body.uploadUrl, { method: 'PUT', headers: body.headers, body: new Uint8Array(5) })).status,
    ).toBe(403); // not the size asked for
    expect(existsSync(path.join(bucketDir(), body.key))).toBe(false);
    expect((await fetch(body.uploadUrl, { method: 'PUT', headers: body.headers, body: bytes })).status).toBe(200);
    expect(existsSync(path.join(bucketDir(), body.key))).toBe(true);
  });
});
