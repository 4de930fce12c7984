import { randomUUID } from 'node:crypto';
import { MESSAGES, STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { stockItems } from '../../db/entities/stock-item';
import { stockAlerts, stockDemand } from '../../db/entities/stock-alert';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as draftProduct } from '../admin/draft-product';
import { handler as getDashboard } from '../admin/get-dashboard';
import { handler as askForRestock } from './ask-for-restock';
import { handler as listDemand } from './list-demand';

/**
 * "Email me when it's back" (issue 27 items 5 and 7) against DynamoDB Local: a request for a sold-out size, kept once
 * per canonical address and size, refused for a size in stock, and counted for the owner per product and size.
 */
const ask = (body: Record<string, unknown>) =>
  invoke(askForRestock, { method: 'POST', path: '/api/stock-alerts', body });
const fresh = () => `shopper-${randomUUID().slice(0, 8)}@example.com`;
const demandOf = async (productId: string, size: string) =>
  (await stockDemand.get({ productId, size: size as never }, { consistent: true }))?.waiting ?? 0;
const waitingFor = async (productId: string, size: string) =>
  (await stockAlerts.query('waiting', { productId, size: size as never })).length;

let admin: string;
beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await stockItems.create({ id: 'HOODIE', stock: { S: 0, M: 3, L: 0, XL: 1, '2XL': 0 } });
  const base = { image: '/images/products/x.svg', description: 'Warm', price: 4999 };
  await createIndexedProduct({ ...base, id: 'hoodie', name: 'Cabin Hoodie', tag: 'hoodies', stockRef: 'HOODIE' });
  await createIndexedProduct({
    ...base,
    id: 'candle',
    name: 'Snow &amp; Pine Candle',
    tag: 'candles',
    stock: { CANDLE: 0 },
  });
  await createIndexedProduct({ ...base, id: 'drafted', name: 'Old Hoodie', tag: 'hoodies', stockRef: 'HOODIE' });
  await invoke(draftProduct, {
    token: admin,
    method: 'POST',
    path: '/api/admin/products/drafted/draft',
    params: { id: 'drafted' },
  });
});

it('asks for a sold-out size: a plain sentence back, one request waiting and the size counted', async () => {
  const email = fresh();
  const answer = await ask({ productId: 'hoodie', size: 'S', email: ` ${email} ` });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ ok: true, message: WORDS.subscribed(email, 'Cabin Hoodie in size S') });
  expect(await stockAlerts.get({ productId: 'hoodie', size: 'S', email }, { consistent: true })).toMatchObject({
    status: 'waiting',
    to: email,
    round: 1,
    waitingSince: expect.any(String),
  });
  // A one-size product is named without a size; its name as people read it.
  const candle = await ask({ productId: 'candle', size: 'CANDLE', email });
  expect(candle.body.message).toBe(WORDS.subscribed(email, 'Snow & Pine Candle'));
});

it('the same address and size twice is one request, however it is spelt and however often it is sent at once', async () => {
  const name = `ada.lovelace.${randomUUID().slice(0, 6)}`;
  const before = await demandOf('hoodie', 'L');
  const spellings = [
    `${name}@gmail.com`,
    `${name.toUpperCase()}+shop@gmail.com`,
    `${name.replaceAll('.', '')}@googlemail.com`,
  ];
  const answers = await Promise.all(
    [...spellings, ...spellings].map((email) => ask({ productId: 'hoodie', size: 'L', email })),
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(await demandOf('hoodie', 'L')).toBe(before + 1);
  const stored = await stockAlerts.get(
    { productId: 'hoodie', size: 'L', email: `${name.replaceAll('.', '')}@gmail.com` },
    { consistent: true },
  );
  expect(stored).toMatchObject({ status: 'waiting', round: 1, version: 1 });
  // Another size of the same product is another request.
  await ask({ productId: 'hoodie', size: '2XL', email: spellings[0] });
  expect(await demandOf('hoodie', '2XL')).toBe(1);
});

it('refuses a size in stock (409), a size the product does not come in (400), an unknown or drafted product (404), a bad address (400): nothing is stored', async () => {
  const email = fresh();
  const inStock = await ask({ productId: 'hoodie', size: 'M', email });
  expect(inStock.status).toBe(409);
  expect(inStock.body.error.message).toBe(WORDS.inStock('Cabin Hoodie in size M'));
  const wrongSize = await ask({ productId: 'candle', size: 'M', email });
  expect(wrongSize.status).toBe(400);
  expect(wrongSize.body.error.fields).toEqual({ size: WORDS.notASize });
  for (const productId of ['no-such-product', 'drafted']) {
    const missing = await ask({ productId, size: 'S', email });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MESSAGES.productNotFound);
  }
  const badEmail = await ask({ productId: 'hoodie', size: 'S', email: 'not an address' });
  expect(badEmail.status).toBe(400);
  expect(badEmail.body.error.fields).toEqual({ email: 'Please enter a valid email address.' });
  expect((await ask({ productId: 'hoodie', size: 'XXL', email })).status).toBe(400);
  expect(await waitingFor('hoodie', 'M')).toBe(0);
  expect(await stockAlerts.get({ productId: 'candle', size: 'M', email }, { consistent: true })).toBeNull();
  expect(await stockAlerts.get({ productId: 'drafted', size: 'S', email }, { consistent: true })).toBeNull();
});

it('the owner sees the requests waiting per product and size, most asked for first, and the dashboard counts them', async () => {
  for (let i = 0; i < 3; i++) await ask({ productId: 'candle', size: 'CANDLE', email: fresh() });
  const { status, body } = await invoke(listDemand, { token: admin, method: 'GET', path: '/api/admin/stock-alerts' });
  expect(status).toBe(200);
  const rows = body.sizes as { productId: string; size: string; waiting: number }[];
  expect(rows[0]).toMatchObject({
    productId: 'candle',
    name: 'Snow & Pine Candle',
    size: 'CANDLE',
    waiting: await demandOf('candle', 'CANDLE'),
    available: 0,
    listed: true,
  });
  expect(rows.map((row) => row.waiting)).toEqual([...rows.map((row) => row.waiting)].sort((a, b) => b - a));
  // The counts are the requests that wait, exactly.
  for (const row of rows) expect(row.waiting).toBe(await waitingFor(row.productId, row.size));
  expect(body.waiting).toBe(rows.reduce((sum, row) => sum + row.waiting, 0));
  const dashboard = (await invoke(getDashboard, { token: admin, method: 'GET', path: '/api/admin/dashboard' })).body;
  expect(dashboard.stockAlerts).toEqual({ waiting: body.waiting, sizes: rows.length });
  // Who asked is not shown: counts only.
  expect(JSON.stringify(body)).not.toContain('@example.com');
});
