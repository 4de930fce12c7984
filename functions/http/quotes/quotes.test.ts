import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { MAX_ARTWORK_BYTES } from '#shared/quotes';
import { TAX_CODES } from '#shared/tax-codes';
import { orders } from '../../db/entities/order';
import { quotes } from '../../db/entities/quote';
import { stockItems } from '../../db/entities/stock-item';
import { searchOrders } from '../../domain/admin/orders';
import { address, createHoodie, intentStatus, pay, stockOf } from '#tests/checkout';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { linkOf, pdf, png, request, route, upload } from '#tests/quotes';
import { handler as listOrders } from '../accounts/list-orders';
import { handler as getDashboard } from '../admin/get-dashboard';
import { handler as checkArtwork } from './check-artwork';
import { handler as createUpload } from './create-artwork-upload';
import { handler as declineOffer } from './decline-offer';
import { handler as downloadArtwork } from './download-artwork';
import { handler as getAdminQuote } from './get-admin-quote';
import { handler as getArtworkLink } from './get-artwork-link';
import { handler as getQuote } from './get-quote';
import { handler as listQuotes } from './list-quotes';
import { handler as moveQuote } from './move-quote';
import { handler as payOffer } from './pay-offer';
import { handler as recordOfferOrder } from './record-offer-order';
import { handler as requestQuote } from './request-quote';
import { handler as sendOffer } from './send-offer';
import { handler as sendShopperMessage } from './send-shopper-message';

/**
 * Quotes end to end against DynamoDB Local, the S3 and SES stand-ins and the test card processor (issue 37): a request
 * with checked artwork, offers, a change asked for and a new offer (the old one refused and its payment cancelled),
 * one order and one charge per offer however often and from however many tabs it is paid, an expired offer refused,
 * design work paid without an address, and a stocked line taking its units.
 */
let admin: string;
const ids = { quote: '' };

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await stockItems.create({ id: 'HOOD', stock: { S: 10, M: 50, L: 10, XL: 10, '2XL': 0 } });
  await createHoodie('HOOD');
});

const view = (quoteId: string, t: string) =>
  invoke(getQuote, { method: 'GET', ...route('/api/quotes/{quoteId}', { quoteId }), query: { t } });
const offer = (quoteId: string, body: Record<string, unknown>) =>
  invoke(sendOffer, {
    method: 'POST',
    ...route('/api/admin/quotes/{quoteId}/offers', { quoteId }),
    token: admin,
    body: {
      lines: [{ description: 'Printed hoodie, front logo', kind: 'goods', quantity: 40, unitPrice: 3200 }],
      shipping: 1500,
      ships: true,
      note: 'Two-colour print.',
      validUntil: new Date(Date.now() + 14 * 86400_000).toISOString().slice(0, 10),
      ...body,
    },
  });
const payFor = (quoteId: string, body: Record<string, unknown>) =>
  invoke(payOffer, { method: 'POST', ...route('/api/quotes/{quoteId}/pay', { quoteId }), body });
const record = (quoteId: string, token: string, paymentIntentId: string) =>
  invoke(recordOfferOrder, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/record', { quoteId }),
    body: { token, paymentIntentId },
  });

describe('asking, with artwork', () => {
  it('checks each file from its bytes: a PNG and a PDF pass, a PDF named .png is refused and deleted', async () => {
    const good = await upload('logo.png', 'png', await png());
    expect(good.checked.status).toBe(200);
    expect(good.checked.body.preview).toMatch(/^data:image\/jpeg;base64,/);
    const doc = await upload('brief.pdf', 'pdf', pdf);
    expect(doc.checked.body).toMatchObject({ format: 'pdf', preview: null });

    const fake = await upload('photo.png', 'png', pdf);
    expect(fake.checked.status).toBe(400);
    expect(fake.checked.body.error.message).toContain('is not a PNG file');
    // Deleted: checking again knows no such upload, and a request naming it is refused.
    const again = await invoke(checkArtwork, {
      method: 'POST',
      ...route('/api/quote-uploads/{uploadId}/check', { uploadId: fake.uploadId }),
    });
    expect(again.status).toBe(404);

    const tooBig = await invoke(createUpload, {
      method: 'POST',
      path: '/api/quote-uploads',
      body: { name: 'huge.zip', format: 'zip', size: MAX_ARTWORK_BYTES + 1 },
    });
    expect(tooBig.status).toBe(400);

    const sixth = await request({ files: Array.from({ length: 6 }, () => randomUUID()) });
    expect(sixth.status).toBe(400);
    const refusedFile = await request({ files: [fake.uploadId] });
    expect(refusedFile.status).toBe(400);

    const before = sentMails().length;
    const asked = await request({ files: [good.uploadId, doc.uploadId] });
    expect(asked.status).toBe(201);
    ids.quote = asked.body.quoteId;
    const mails = sentMails().slice(0, sentMails().length - before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['grace@example.com', 'shop@example.com']);
    expect(mails.find((m) => m.to[0] === 'shop@example.com')!.subject).toContain('Incoming Quote');

    const page = await view(ids.quote, linkOf(ids.quote));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: 'new', quantity: 40, service: 'printing', offer: null });
    expect(page.body.files.map((f: { name: string }) => f.name)).toEqual(['logo.png', 'brief.pdf']);
  });

  it('a retried request makes one quote; a quote id without its link shows nothing', async () => {
    const requestId = randomUUID();
    const first = await request({ requestId });
    const second = await request({ requestId });
    expect(second.status).toBe(200);
    expect(second.body.quoteId).toBe(first.body.quoteId);
    expect((await view(ids.quote, 'not.a-token-of-ours')).status).toBe(404);
    expect((await view(first.body.quoteId, linkOf(ids.quote))).status).toBe(404);
  });

  it('artwork downloads only as an attachment, through the link or the admin', async () => {
    const { body } = await view(ids.quote, linkOf(ids.quote));
    const file = body.files[0];
    const shopper = await invoke(downloadArtwork, {
      method: 'GET',
      ...route('/api/quotes/{quoteId}/files/{fileId}', { quoteId: ids.quote, fileId: file.id }),
      query: { t: linkOf(ids.quote) },
    });
    expect(shopper.status).toBe(303);
    const got = await fetch(shopper.headers.location);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="logo.png"/);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(
      Buffer.from(await got.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const owner = await invoke(getArtworkLink, {
      method: 'GET',
      ...route('/api/admin/quotes/{quoteId}/files/{fileId}', { quoteId: ids.quote, fileId: file.id }),
      token: admin,
    });
    expect(owner.body.url).toContain('response-content-disposition=attachment');
    const stranger = await invoke(downloadArtwork, {
      method: 'GET',
      ...route('/api/quotes/{quoteId}/files/{fileId}', { quoteId: ids.quote, fileId: file.id }),
      query: { t: 'x'.repeat(20) },
    });
    expect(stranger.status).toBe(404);
  });
});

describe('pricing and paying', () => {
  it('a change request and a new offer: the old offer is refused, its started payment cancelled, never captured', async () => {
    const t = linkOf(ids.quote);
    const first = await offer(ids.quote, {});
    expect(first.status).toBe(201);
    expect(first.body.quote).toMatchObject({ status: 'offer_sent', offer: { no: 1, state: 'open' } });
    const listed = await invoke(listQuotes, {
      method: 'GET',
      path: '/api/admin/quotes',
      query: { status: 'offer_sent' },
      token: admin,
    });
    expect(listed.body.quotes.map((q: { quoteId: string }) => q.quoteId)).toContain(ids.quote);

    const started = await payFor(ids.quote, { token: t, offerNo: 1, shippingAddress: address });
    expect(started.status).toBe(200);
    const asked = await invoke(sendShopperMessage, {
      method: 'POST',
      ...route('/api/quotes/{quoteId}/messages', { quoteId: ids.quote }),
      body: { token: t, text: 'Could it be <b>navy</b> hoodies?', changeRequest: true },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.messages.at(-1)).toMatchObject({
      kind: 'change_request',
      text: 'Could it be <b>navy</b> hoodies?',
    });

    const second = await offer(ids.quote, {
      lines: [{ description: 'Navy hoodie, front logo', kind: 'goods', quantity: 40, unitPrice: 3400 }],
    });
    expect(second.body.offers.map((o: { state: string }) => o.state)).toEqual(['replaced', 'open']);
    expect(await intentStatus(started.body.paymentIntentId)).toBe('canceled');
    const old = await payFor(ids.quote, { token: t, offerNo: 1, shippingAddress: address });
    expect(old.status).toBe(409);
    expect(old.body.error).toMatchObject({ code: 'offer_replaced', message: MESSAGES.offerReplaced });
    // A card confirmed on the old payment anyway gets no order.
    const lateCard = await pay(started.body.clientSecret);
    expect(lateCard.body.paymentIntent?.status).not.toBe('requires_capture');
  });

  it('two tabs, a double click and retries: one order, one charge', async () => {
    const t = linkOf(ids.quote);
    const noAddress = await payFor(ids.quote, { token: t, offerNo: 2 });
    expect(noAddress.status).toBe(400);
    const [tabA, tabB] = await Promise.all([
      payFor(ids.quote, { token: t, offerNo: 2, shippingAddress: address }),
      payFor(ids.quote, { token: t, offerNo: 2, shippingAddress: address }),
    ]);
    expect(tabA.status).toBe(200);
    expect(tabB.body.paymentIntentId).toBe(tabA.body.paymentIntentId);
    // 40 x $34 + $15 shipping, all goods, taxed in Illinois at 6.25% by the shop's tax rule.
    expect(tabA.body.amounts).toEqual({ subtotal: 136000, discount: 0, shipping: 1500, tax: 8594, total: 146094 });
    expect((await pay(tabA.body.clientSecret)).body.paymentIntent.status).toBe('requires_capture');
    const again = await pay(tabB.body.clientSecret);
    expect(again.status).not.toBe(200);

    const answers = await Promise.all([
      record(ids.quote, t, tabA.body.paymentIntentId),
      record(ids.quote, t, tabA.body.paymentIntentId),
      record(ids.quote, t, tabA.body.paymentIntentId),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const numbers = new Set(answers.map((a) => a.body.order.orderNumber));
    expect(numbers.size).toBe(1);
    const retry = await record(ids.quote, t, tabA.body.paymentIntentId);
    expect(retry.body.order.orderNumber).toBe([...numbers][0]);
    expect(await intentStatus(tabA.body.paymentIntentId)).toBe('succeeded');

    const quote = await quotes.get({ quoteId: ids.quote }, { consistent: true });
    expect(quote).toMatchObject({ status: 'paid', orderNumber: [...numbers][0], paidTotal: 146094 });
    const order = await orders.get({ orderNumber: [...numbers][0] }, { consistent: true });
    expect(order).toMatchObject({ paymentStatus: 'captured', quote: { quoteId: ids.quote, ships: true } });
    expect(order!.payments).toHaveLength(1);
    const paidAgain = await payFor(ids.quote, { token: t, offerNo: 2, shippingAddress: address });
    expect(paidAgain.body.error.code).toBe('offer_paid');
    const page = await view(ids.quote, t);
    expect(page.body.order).toMatchObject({ orderNumber: [...numbers][0], status: 'pending' });

    const moved = await invoke(moveQuote, {
      method: 'POST',
      ...route('/api/admin/quotes/{quoteId}/status', { quoteId: ids.quote }),
      token: admin,
      body: { status: 'in_production' },
    });
    expect(moved.body.quote.status).toBe('in_production');
    expect((await view(ids.quote, t)).body.status).toBe('in_production');
  });

  it('a card authorized on an offer that is then replaced is cancelled, never captured, and makes no order', async () => {
    const asked = await request({});
    const t = linkOf(asked.body.quoteId);
    await offer(asked.body.quoteId, {});
    const intent = await payFor(asked.body.quoteId, { token: t, offerNo: 1, shippingAddress: address });
    expect((await pay(intent.body.clientSecret)).body.paymentIntent.status).toBe('requires_capture');
    await offer(asked.body.quoteId, { note: 'A better price.' });
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('canceled');
    const late = await record(asked.body.quoteId, t, intent.body.paymentIntentId);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'offer_replaced', message: MESSAGES.offerReplaced });
    expect(await quotes.get({ quoteId: asked.body.quoteId })).toMatchObject({ status: 'offer_sent', offerNo: 2 });
    expect((await quotes.get({ quoteId: asked.body.quoteId }))!.orderNumber).toBeUndefined();
  });

  it('an expired offer cannot be paid and says so', async () => {
    const asked = await request({});
    const t = linkOf(asked.body.quoteId);
    await offer(asked.body.quoteId, {});
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    const stored = (await quotes.get({ quoteId: asked.body.quoteId }))!;
    await quotes.put({ ...stored, offer: { ...stored.offer!, validUntil: yesterday } });
    const refused = await payFor(asked.body.quoteId, { token: t, offerNo: 1, shippingAddress: address });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'offer_expired', message: MESSAGES.offerExpired });
    expect((await view(asked.body.quoteId, t)).body).toMatchObject({ status: 'expired', offer: { state: 'expired' } });
    const declined = await invoke(declineOffer, {
      method: 'POST',
      ...route('/api/quotes/{quoteId}/decline', { quoteId: asked.body.quoteId }),
      body: { token: t, offerNo: 1 },
    });
    expect(declined.status).toBe(409);
  });

  it("the dashboard's offers out leave out an offer past its date", async () => {
    const dashboard = async () =>
      (await invoke(getDashboard, { token: admin, method: 'GET', path: '/api/admin/dashboard' })).body.quotes as {
        offersOut: number;
      };
    const asked = await request({});
    await offer(asked.body.quoteId, {});
    const before = (await dashboard()).offersOut;
    expect(before).toBeGreaterThan(0);
    const stored = (await quotes.get({ quoteId: asked.body.quoteId }))!;
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    await quotes.put({ ...stored, offer: { ...stored.offer!, validUntil: yesterday } });
    expect((await dashboard()).offersOut).toBe(before - 1);
  });

  it("design work is paid without an address, untaxed, out of the ship queue; a signed-in shopper's is in their account", async () => {
    const shopper = await signInNewUser();
    const asked = await invoke(requestQuote, {
      method: 'POST',
      path: '/api/quotes',
      token: shopper.token,
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        items: 'A logo',
        message: 'Something bold.',
        service: 'graphic-design',
        quantity: 1,
        files: [],
        requestId: randomUUID(),
      },
    });
    const t = linkOf(asked.body.quoteId);
    await offer(asked.body.quoteId, {
      lines: [{ description: 'Logo design, three drafts', kind: 'design', quantity: 1, unitPrice: 45000 }],
      shipping: 0,
      ships: false,
    });
    const intent = await payFor(asked.body.quoteId, { token: t, offerNo: 1 });
    expect(intent.body.amounts).toEqual({ subtotal: 45000, discount: 0, shipping: 0, tax: 0, total: 45000 });
    await pay(intent.body.clientSecret);
    const recorded = await record(asked.body.quoteId, t, intent.body.paymentIntentId);
    expect(recorded.status).toBe(201);
    expect(recorded.body.order.shippingAddress).toMatchObject({ name: 'Grace Hopper', line1: '', state: '' });
    const confirmation = sentMails().find((m) => m.subject === `Your order #${recorded.body.order.orderNumber}`);
    expect(confirmation!.text).toContain('Nothing ships: we send your design work by mail and on your quote page.');
    expect(confirmation!.text).not.toContain('Shipping to:');
    const mine = await invoke(listOrders, { method: 'GET', path: '/auth/orders', token: shopper.token });
    expect(mine.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      recorded.body.order.orderNumber,
    ]);
    const queue = await searchOrders({ status: 'pending', order: 'oldest' } as never);
    expect(queue.orders.map((o) => o.orderNumber)).not.toContain(recorded.body.order.orderNumber);
    const done = await invoke(moveQuote, {
      method: 'POST',
      ...route('/api/admin/quotes/{quoteId}/status', { quoteId: asked.body.quoteId }),
      token: admin,
      body: { status: 'done' },
    });
    expect(done.body.quote.order.status).toBe('completed');
  });

  it('a printing offer with a stocked line takes its units', async () => {
    const asked = await request({});
    const t = linkOf(asked.body.quoteId);
    const before = await stockOf('stockItem', 'HOOD');
    await offer(asked.body.quoteId, {
      lines: [
        { description: 'Hoodie M', kind: 'goods', quantity: 12, unitPrice: 4500, productId: 'hoodie', size: 'M' },
        { description: 'Front print', kind: 'goods', quantity: 12, unitPrice: 800 },
        { description: 'Artwork clean-up', kind: 'design', quantity: 1, unitPrice: 5000 },
      ],
    });
    const intent = await payFor(asked.body.quoteId, { token: t, offerNo: 1, shippingAddress: address });
    // The shop's tax rule (0114): the goods with their shares of the $15 shipping (1181 and 210 of 1500, split by
    // amount), not the design work nor its 109: round((54000 + 1181 + 9600 + 210) x 6.25%) = round(4061.94).
    expect(intent.body.amounts).toEqual({ subtotal: 68600, discount: 0, shipping: 1500, tax: 4062, total: 74162 });
    await pay(intent.body.clientSecret);
    const recorded = await record(asked.body.quoteId, t, intent.body.paymentIntentId);
    expect(recorded.status).toBe(201);
    expect((await stockOf('stockItem', 'HOOD')).M).toBe(before.M - 12);
    // Each line keeps its tax code and shares, as a cart's order does (0106): design work a service, untaxed.
    const stored = await orders.get({ orderNumber: recorded.body.order.orderNumber });
    expect(stored!.taxProvider).toBe('table');
    expect(stored!.lines.map((line) => [line.taxCode, line.shares?.tax])).toEqual([
      [TAX_CODES.clothing, 3449],
      [TAX_CODES.general, 613],
      [TAX_CODES.services, 0],
    ]);
    const admin_ = await invoke(getAdminQuote, {
      method: 'GET',
      ...route('/api/admin/quotes/{quoteId}', { quoteId: asked.body.quoteId }),
      token: admin,
    });
    expect(admin_.body.quote.status).toBe('paid');
  });
});
