import { randomUUID } from 'node:crypto';
import { STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { BACK_IN_STOCK } from '#shared/stock-alerts';
import { mailDeliveries } from '../../db/entities/mail-delivery';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { stockAlerts, stockDemand } from '../../db/entities/stock-alert';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { getDelivery, sweepDeliveries } from '../../domain/mail/deliveries';
import { alertRef } from '../../domain/stock-alerts/restocks';
import { handler as sendMailsJob } from '../../jobs/send-mails';
import { authorizedGuest, recordGuest } from '#tests/checkout';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { faultySes, withSesAt } from '#tests/ses-faults';
import { handler as cancelOrder } from '../admin/cancel-order';
import { handler as completeOrder } from '../admin/complete-order';
import { handler as decideReplacement } from '../admin/decide-replacement';
import { handler as deleteProduct } from '../admin/delete-product';
import { handler as draftProduct } from '../admin/draft-product';
import { handler as undraftProduct } from '../admin/undraft-product';
import { handler as updateProduct } from '../admin/update-product';
import { handler as updateStockItem } from '../admin/update-stock-item';
import { handler as requestReplacement } from '../orders/request-replacement';
import { handler as unsubscribe } from '../email-preferences/unsubscribe';
import { handler as askForRestock } from './ask-for-restock';

/**
 * Back-in-stock mails (issue 27 item 6, docs/decisions/0080) against DynamoDB Local and the SES stand-in: whichever
 * path makes a size buyable again (the owner's stock edit of a product, a stock item shared by several products, a
 * cancelled order, a cancelled replacement order), the send-mails job mails each waiting request once and ends it;
 * under two runs at once, and after SES refused a send.
 */
process.env.SITE_URL = 'https://shop.example';
process.env.SHOP_POSTAL_ADDRESS ??= '12 Harbor Lane, Portland, ME 04101, USA';
let admin: string;
const as = <T extends object>(input: T) => ({ token: admin, ...input });
const context = { getRemainingTimeInMillis: () => 10_000 };
const runJob = () => sendMailsJob(undefined, context);
const fresh = (who = 'shopper') => `${who}-${randomUUID().slice(0, 8)}@example.com`;
const ask = async (productId: string, size: string, email: string) => {
  const answer = await invoke(askForRestock, {
    method: 'POST',
    path: '/api/stock-alerts',
    body: { productId, size, email },
  });
  if (answer.status !== 200) throw new Error(`not asked: ${JSON.stringify(answer.body)}`);
};
/** Back-in-stock mails the SES stand-in holds for `email`. */
const alertsTo = (email: string) =>
  sentMails().filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Back in stock: '));
const request = (productId: string, size: string, email: string) =>
  stockAlerts.get({ productId, size: size as never, email }, { consistent: true });
const demandOf = async (productId: string, size: string) =>
  (await stockDemand.get({ productId, size: size as never }, { consistent: true }))?.waiting ?? 0;
/** The unsubscribe link's token in a mail's footer. */
const unsubscribeTokenIn = (text: string) => decodeURIComponent(/\/unsubscribe\?token=(\S+)/.exec(text)![1]);
const base = { image: '/images/products/x.svg', description: 'Cosy', price: 2400 };

async function setOwnStock(id: string, stock: Record<string, number>) {
  const product = (await products.get({ id }, { consistent: true }))!;
  const answer = await invoke(
    updateProduct,
    as({ method: 'PUT', path: `/api/admin/products/${id}`, params: { id }, body: { stock, version: product.version } }),
  );
  expect(answer.status).toBe(200);
}
async function setItemStock(id: string, counts: Record<string, number>) {
  const item = (await stockItems.get({ id }, { consistent: true }))!;
  const answer = await invoke(
    updateStockItem,
    as({
      method: 'PUT',
      path: `/api/admin/items/${id}`,
      params: { id },
      body: { stock: { ...item.stock, ...counts }, version: item.version },
    }),
  );
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
});

it("the owner's stock edit of a product: each request gets one mail with the product's link, and ends; later runs send nothing more", async () => {
  await createIndexedProduct({ ...base, id: 'lamp-candle', name: 'Lamp Candle', tag: 'candles', stock: { CANDLE: 0 } });
  const [ada, bo] = [fresh('ada'), fresh('bo')];
  await ask('lamp-candle', 'CANDLE', ada);
  await ask('lamp-candle', 'CANDLE', bo);
  expect(await demandOf('lamp-candle', 'CANDLE')).toBe(2);
  // Nothing while it is sold out.
  expect((await runJob()).alerts).toEqual({ mailed: 0, ended: 0 });
  expect(alertsTo(ada)).toHaveLength(0);

  await setOwnStock('lamp-candle', { CANDLE: 5 });
  const run = await runJob();
  expect(run.alerts).toEqual({ mailed: 2, ended: 0 });
  expect(run.sent).toBeGreaterThanOrEqual(2);
  for (const email of [ada, bo]) {
    const mails = alertsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(WORDS.subject('Lamp Candle'));
    expect(mails[0].text).toContain(WORDS.back('Lamp Candle'));
    expect(mails[0].text).toContain(WORDS.link('https://shop.example/product/lamp-candle'));
    // Why it came (and that it was the one mail), and the shop's postal address, in the footer.
    expect(mails[0].text).toMatch(
      /\nWhy you got this mail: You asked us on \w+ \d{1,2}, \d{4} to email you once when Lamp Candle was back in stock\. This is that one mail; the request has ended\.\n/,
    );
    expect(mails[0].text).toContain(process.env.SHOP_POSTAL_ADDRESS);
    // Enough came back for everyone who asked: no "only a few" sentence.
    expect(mails[0].text).not.toContain('Only ');
    expect(await request('lamp-candle', 'CANDLE', email)).toMatchObject({
      status: 'ended',
      ended: 'mailed',
      endedAt: expect.any(String),
    });
    expect((await request('lamp-candle', 'CANDLE', email))!.waitingSince).toBeUndefined();
  }
  expect(await demandOf('lamp-candle', 'CANDLE')).toBe(0);
  await runJob();
  await runJob();
  expect(alertsTo(ada)).toHaveLength(1);
  expect(alertsTo(bo)).toHaveLength(1);
  // The count at 0 is gone: the next runs read an empty partition.
  expect(await stockDemand.get({ productId: 'lamp-candle', size: 'CANDLE' }, { consistent: true })).toBeNull();
});

it('a stock item shared by several products: a restock of the item mails those waiting for that size of each of them (gift wraps by their mapped size), not other sizes', async () => {
  await stockItems.create({ id: 'TEE-SHARED', stock: { S: 3, M: 0, L: 0, XL: 2, '2XL': 1 } });
  await createIndexedProduct({ ...base, id: 'tee-pumpkin', name: 'Pumpkin Tee', tag: 'tees', stockRef: 'TEE-SHARED' });
  await createIndexedProduct({ ...base, id: 'tee-snow', name: 'Snow Tee', tag: 'tees,shirts', stockRef: 'TEE-SHARED' });
  await createIndexedProduct({
    ...base,
    id: 'wrap-holly',
    name: 'Holly Wrap',
    tag: 'giftwraps',
    stockRef: 'TEE-SHARED',
  });
  const [pumpkinM, snowM, wrapM, pumpkinL] = [fresh('pm'), fresh('sm'), fresh('wm'), fresh('pl')];
  await ask('tee-pumpkin', 'M', pumpkinM);
  await ask('tee-snow', 'M', snowM);
  // The wrap's 20inX40in is the item's M.
  await ask('wrap-holly', '20inX40in', wrapM);
  await ask('tee-pumpkin', 'L', pumpkinL);

  await setItemStock('TEE-SHARED', { M: 4 });
  expect((await runJob()).alerts).toEqual({ mailed: 3, ended: 0 });
  expect(alertsTo(pumpkinM).map((mail) => mail.subject)).toEqual([WORDS.subject('Pumpkin Tee in size M')]);
  expect(alertsTo(snowM).map((mail) => mail.subject)).toEqual([WORDS.subject('Snow Tee in size M')]);
  expect(alertsTo(wrapM).map((mail) => mail.subject)).toEqual([WORDS.subject('Holly Wrap in size 20inX40in')]);
  expect(alertsTo(wrapM)[0].text).toContain('https://shop.example/product/wrap-holly');
  expect(alertsTo(pumpkinL)).toHaveLength(0);
  expect(await request('tee-pumpkin', 'L', pumpkinL)).toMatchObject({ status: 'waiting' });

  await setItemStock('TEE-SHARED', { L: 1 });
  await runJob();
  expect(alertsTo(pumpkinL)).toHaveLength(1);
  expect(alertsTo(pumpkinM)).toHaveLength(1);
});

it('a cancelled order gives its units back: those waiting for them are mailed', async () => {
  await createIndexedProduct({ ...base, id: 'last-candle', name: 'Last Candle', tag: 'candles', stock: { CANDLE: 1 } });
  const paid = await authorizedGuest([{ id: 'last-candle', size: 'CANDLE', quantity: 1 }]);
  const recorded = await recordGuest(paid.paymentIntentId);
  expect(recorded.status).toBe(201);
  const { orderNumber } = recorded.body.order;
  expect((await products.get({ id: 'last-candle' }))!.stock.CANDLE).toBe(0);
  const waiting = fresh();
  await ask('last-candle', 'CANDLE', waiting);
  await runJob();
  expect(alertsTo(waiting)).toHaveLength(0);

  const cancelled = await invoke(
    cancelOrder,
    as({
      method: 'POST',
      path: `/api/admin/orders/${orderNumber}/cancel`,
      params: { orderNumber },
    }),
  );
  expect(cancelled.status).toBe(200);
  expect((await products.get({ id: 'last-candle' }))!.stock.CANDLE).toBe(1);
  expect((await runJob()).alerts.mailed).toBe(1);
  expect(alertsTo(waiting).map((mail) => mail.subject)).toEqual([WORDS.subject('Last Candle')]);
});

describe('replacements', () => {
  /** A shipped order of two wraps (size M of the item WRAPS) whose customer asks for both to be replaced. */
  async function shippedWithRequest() {
    const email = fresh('buyer');
    const orderNumber = `pi_${randomUUID().replace(/-/g, '')}`;
    await orders.put({
      orderNumber,
      customer: 'guest',
      status: 'pending',
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      shippingAddress: { name: 'Gail Guest', email, line1: '3 Pine Rd', city: 'Reno', state: 'NV', zip: '89501' },
      lines: [
        {
          id: 'wrap-ribbon',
          name: 'Ribbon Wrap',
          image: '/i/w.svg',
          price: 899,
          size: '20inX40in',
          quantity: 2,
          stockRef: 'WRAPS',
        },
      ],
      amounts: { subtotal: 1798, discount: 0, shipping: 599, tax: 0, total: 2397 },
    });
    expect(
      (
        await invoke(
          completeOrder,
          as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/complete`, params: { orderNumber }, body: {} }),
        )
      ).status,
    ).toBe(200);
    const asked = await invoke(requestReplacement, {
      method: 'POST',
      path: '/api/orders/replacements',
      body: { orderNumber, email, reason: 'Torn.', lines: [{ id: 'wrap-ribbon', size: '20inX40in', quantity: 2 }] },
    });
    expect(asked.status).toBe(201);
    return asked.body.replacement.id as string;
  }
  const decide = (id: string, body: unknown) =>
    invoke(decideReplacement, as({ method: 'POST', path: `/api/admin/replacements/${id}`, params: { id }, body }));

  beforeAll(async () => {
    await stockItems.create({ id: 'WRAPS', stock: { S: 5, M: 2, L: 5, XL: 0, '2XL': 0 } });
    await createIndexedProduct({
      ...base,
      id: 'wrap-ribbon',
      name: 'Ribbon Wrap',
      tag: 'giftwraps',
      stockRef: 'WRAPS',
    });
  });

  it('a cancelled replacement order gives its units back: those waiting are mailed; a declined request took none and gives none', async () => {
    const approved = await shippedWithRequest();
    expect((await decide(approved, { decision: 'approve' })).status).toBe(200);
    expect((await stockItems.get({ id: 'WRAPS' }))!.stock.M).toBe(0);
    const waiting = fresh();
    await ask('wrap-ribbon', '20inX40in', waiting);

    // A declined request never took stock (only an approval does), so it gives none back: nobody is mailed.
    const declined = await shippedWithRequest();
    expect((await decide(declined, { decision: 'decline', message: 'Please send a photo.' })).status).toBe(200);
    expect((await stockItems.get({ id: 'WRAPS' }))!.stock.M).toBe(0);
    expect((await runJob()).alerts.mailed).toBe(0);
    expect(alertsTo(waiting)).toHaveLength(0);

    // The replacement order is cancelled before it ships: its two wraps are back.
    const cancelled = await invoke(
      cancelOrder,
      as({ method: 'POST', path: `/api/admin/orders/${approved}/cancel`, params: { orderNumber: approved } }),
    );
    expect(cancelled.status).toBe(200);
    expect((await stockItems.get({ id: 'WRAPS' }))!.stock.M).toBe(2);
    expect((await runJob()).alerts.mailed).toBe(1);
    expect(alertsTo(waiting).map((mail) => mail.subject)).toEqual([WORDS.subject('Ribbon Wrap in size 20inX40in')]);
  });
});

it('more requests than units: every one is mailed once, and each mail says plainly that only so many came back', async () => {
  await createIndexedProduct({ ...base, id: 'rare-candle', name: 'Rare Candle', tag: 'candles', stock: { CANDLE: 0 } });
  const emails = [fresh('a'), fresh('b'), fresh('c')];
  for (const email of emails) await ask('rare-candle', 'CANDLE', email);
  await setOwnStock('rare-candle', { CANDLE: 1 });
  await runJob();
  for (const email of emails) {
    const mails = alertsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(WORDS.few(1));
  }
});

it('two job runs at once, with shoppers asking meanwhile: one mail per request, and the counts stay exact', async () => {
  await stockItems.create({ id: 'HOODIES', stock: { S: 0, M: 0, L: 0, XL: 0, '2XL': 0 } });
  await createIndexedProduct({ ...base, id: 'busy-hoodie', name: 'Busy Hoodie', tag: 'hoodies', stockRef: 'HOODIES' });
  const emails = Array.from({ length: 12 }, (_, i) => fresh(`m${i}`));
  for (const email of emails) await ask('busy-hoodie', 'M', email);
  await setItemStock('HOODIES', { M: 20 });
  const late = Array.from({ length: 5 }, (_, i) => fresh(`s${i}`));
  const [first, second] = await Promise.all([
    runJob(),
    runJob(),
    ...late.map((email) => ask('busy-hoodie', 'S', email)),
  ]);
  expect(first.alerts.mailed + second.alerts.mailed).toBe(12);
  for (const email of emails) {
    expect(alertsTo(email)).toHaveLength(1);
    const ended = (await request('busy-hoodie', 'M', email))!;
    expect(await getDelivery(BACK_IN_STOCK, alertRef(ended))).toMatchObject({ status: 'sent', attempts: 1 });
  }
  expect(await demandOf('busy-hoodie', 'M')).toBe(0);
  expect(await demandOf('busy-hoodie', 'S')).toBe(5);

  // Sold out again: the next runs delete the empty count while new requests arrive; none is lost or counted twice.
  await setItemStock('HOODIES', { M: 0 });
  const again = Array.from({ length: 4 }, (_, i) => fresh(`again${i}`));
  await Promise.all([runJob(), runJob(), ...again.map((email) => ask('busy-hoodie', 'M', email))]);
  expect(await demandOf('busy-hoodie', 'M')).toBe(4);
  expect((await stockAlerts.query('waiting', { productId: 'busy-hoodie', size: 'M' })).length).toBe(4);
  await setItemStock('HOODIES', { M: 10, S: 10 });
  await Promise.all([runJob(), runJob()]);
  for (const email of [...again, ...late]) expect(alertsTo(email)).toHaveLength(1);
  for (const email of emails) expect(alertsTo(email)).toHaveLength(1);
});

describe('when SES refuses', () => {
  let refusing: Awaited<ReturnType<typeof faultySes>>;
  beforeAll(async () => {
    refusing = await faultySes('refuse');
  });
  afterAll(() => refusing.stop());

  it('a refused alert is tried again later and sent once; the request is not mailed twice', async () => {
    await createIndexedProduct({
      ...base,
      id: 'snag-candle',
      name: 'Snag Candle',
      tag: 'candles',
      stock: { CANDLE: 0 },
    });
    const email = fresh();
    await ask('snag-candle', 'CANDLE', email);
    await setOwnStock('snag-candle', { CANDLE: 3 });
    const run = await withSesAt(refusing.url, runJob);
    expect(run.alerts.mailed).toBe(1);
    expect(refusing.subjects()).toEqual([WORDS.subject('Snag Candle')]);
    expect(alertsTo(email)).toHaveLength(0);
    const ended = (await request('snag-candle', 'CANDLE', email))!;
    expect(ended).toMatchObject({ status: 'ended', ended: 'mailed' });
    expect(await getDelivery(BACK_IN_STOCK, alertRef(ended))).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('MessageRejected'),
    });
    // Runs before its next try send nothing and write no second mail.
    await runJob();
    expect(alertsTo(email)).toHaveLength(0);
    expect((await mailDeliveries.query('attention', { kind: BACK_IN_STOCK })).length).toBe(0);
    // Its time comes: sent once, and never again.
    await sweepDeliveries(new Date(Date.now() + 2 * 60_000));
    expect(alertsTo(email)).toHaveLength(1);
    await sweepDeliveries(new Date(Date.now() + 120 * 60_000));
    await runJob();
    expect(alertsTo(email)).toHaveLength(1);
    expect(await getDelivery(BACK_IN_STOCK, alertRef(ended))).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('products that change', () => {
  it('a drafted product waits (mailed once it is listed again with stock); a deleted one ends its requests without a mail', async () => {
    await createIndexedProduct({ ...base, id: 'shy-candle', name: 'Shy Candle', tag: 'candles', stock: { CANDLE: 0 } });
    await createIndexedProduct({
      ...base,
      id: 'gone-candle',
      name: 'Gone Candle',
      tag: 'candles',
      stock: { CANDLE: 0 },
    });
    const [shy, gone] = [fresh('shy'), fresh('gone')];
    await ask('shy-candle', 'CANDLE', shy);
    await ask('gone-candle', 'CANDLE', gone);

    expect(
      (
        await invoke(
          draftProduct,
          as({ method: 'POST', path: '/api/admin/products/shy-candle/draft', params: { id: 'shy-candle' } }),
        )
      ).status,
    ).toBe(200);
    await products.update({ id: 'shy-candle' }, { set: { stock: { CANDLE: 4 } } });
    expect(
      (
        await invoke(
          deleteProduct,
          as({ method: 'DELETE', path: '/api/admin/products/gone-candle', params: { id: 'gone-candle' } }),
        )
      ).status,
    ).toBe(200);
    expect((await runJob()).alerts).toEqual({ mailed: 0, ended: 1 });
    expect(alertsTo(gone)).toHaveLength(0);
    expect(await request('gone-candle', 'CANDLE', gone)).toMatchObject({ status: 'ended', ended: 'gone' });
    expect(await demandOf('gone-candle', 'CANDLE')).toBe(0);
    expect(alertsTo(shy)).toHaveLength(0);
    expect(await request('shy-candle', 'CANDLE', shy)).toMatchObject({ status: 'waiting' });

    expect(
      (
        await invoke(
          undraftProduct,
          as({ method: 'POST', path: '/api/admin/products/shy-candle/undraft', params: { id: 'shy-candle' } }),
        )
      ).status,
    ).toBe(200);
    expect((await runJob()).alerts.mailed).toBe(1);
    expect(alertsTo(shy)).toHaveLength(1);
  });

  it('asked again after the mail (sold out again): a new request, and a new mail at the next restock', async () => {
    await createIndexedProduct({
      ...base,
      id: 'again-candle',
      name: 'Again Candle',
      tag: 'candles',
      stock: { CANDLE: 0 },
    });
    const email = fresh();
    await ask('again-candle', 'CANDLE', email);
    await setOwnStock('again-candle', { CANDLE: 1 });
    await runJob();
    await setOwnStock('again-candle', { CANDLE: 0 });
    await ask('again-candle', 'CANDLE', email);
    expect(await request('again-candle', 'CANDLE', email)).toMatchObject({ status: 'waiting', round: 2 });
    await runJob();
    expect(alertsTo(email)).toHaveLength(1);
    await setOwnStock('again-candle', { CANDLE: 2 });
    await runJob();
    expect(alertsTo(email)).toHaveLength(2);
    expect(await request('again-candle', 'CANDLE', email)).toMatchObject({
      status: 'ended',
      ended: 'mailed',
      round: 2,
    });
  });
});

it("an alert carries the one-click unsubscribe (link and headers); after using it, the address's next requests end without a mail", async () => {
  await createIndexedProduct({
    ...base,
    id: 'quiet-candle',
    name: 'Quiet Candle',
    tag: 'candles',
    stock: { CANDLE: 0 },
  });
  const shopper = fresh('quiet');
  await ask('quiet-candle', 'CANDLE', shopper);
  await setOwnStock('quiet-candle', { CANDLE: 3 });
  await runJob();
  const [mail] = alertsTo(shopper);
  expect(mail.text).toMatch(
    /unsubscribe with one click \(no sign-in\): https:\/\/shop\.example\/unsubscribe\?token=\S+/,
  );
  expect(mail.headers?.['List-Unsubscribe']).toMatch(
    /^<https:\/\/shop\.example\/api\/email-preferences\/unsubscribe\?token=\S+>$/,
  );
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const token = unsubscribeTokenIn(mail.text);
  expect(
    (await invoke(unsubscribe, { method: 'POST', path: '/api/email-preferences/unsubscribe', query: { token } }))
      .status,
  ).toBe(200);

  // Sold out again; the same shopper asks again; the restock ends the request without a mail.
  await setOwnStock('quiet-candle', { CANDLE: 0 });
  await ask('quiet-candle', 'CANDLE', shopper);
  await setOwnStock('quiet-candle', { CANDLE: 2 });
  expect((await runJob()).alerts).toEqual({ mailed: 0, ended: 1 });
  expect(alertsTo(shopper)).toHaveLength(1);
  expect(await request('quiet-candle', 'CANDLE', shopper)).toMatchObject({ status: 'ended', ended: 'opted-out' });
});
