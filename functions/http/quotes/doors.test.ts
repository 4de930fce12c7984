import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { quotes, quoteUploads } from '../../db/entities/quote';
import { address, pay } from '#tests/checkout';
import { getDelivery, sweepDeliveries } from '../../domain/mail/deliveries';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { faultySes, withSesAt } from '#tests/ses-faults';
import { check, issue, linkOf, pdf, png, put, request, route, upload } from '#tests/quotes';
import { handler as declineOffer } from './decline-offer';
import { handler as downloadArtwork } from './download-artwork';
import { handler as getArtworkLink } from './get-artwork-link';
import { handler as payOffer } from './pay-offer';
import { handler as recordOfferOrder } from './record-offer-order';
import { handler as sendOffer } from './send-offer';
import { handler as sendShopperMessage } from './send-shopper-message';

/**
 * The doors a stranger found in quotes (issue 50 items 12, 14 and 16), against DynamoDB Local, the S3 and SES
 * stand-ins and the test card processor: bytes put again with a still-valid upload link after the check, names that
 * are not the format, a double click of the request, two requests naming one upload, a message on a declined quote,
 * and a decline that wins against a payment.
 */
let admin: string;
beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
});

/** The shopper's download of a quote's file: the 303 to S3, then S3's answer. */
async function download(quoteId: string, fileId: string, email?: string) {
  const sent = await invoke(downloadArtwork, {
    method: 'GET',
    ...route('/api/quotes/{quoteId}/files/{fileId}', { quoteId, fileId }),
    query: { t: linkOf(quoteId, email) },
  });
  expect(sent.status).toBe(303);
  const got = await fetch(sent.headers.location);
  expect(got.status).toBe(200);
  return { bytes: Buffer.from(await got.arrayBuffer()), disposition: got.headers.get('content-disposition') };
}

const fileOf = async (quoteId: string) => (await quotes.get({ quoteId }, { consistent: true }))!.files;

describe('artwork is the bytes that were checked', () => {
  it('other bytes put with the same link after the check never reach the quote', async () => {
    const bytes = await png();
    const { issued, checked } = await upload('logo.png', 'png', bytes);
    expect(checked.status).toBe(200);
    // The presigned PUT stays valid for minutes: S3 takes a page of HTML of the same size under the same key.
    const html = Buffer.alloc(bytes.length, ' ');
    html.write('<!doctype html><script>alert(document.cookie)</script>');
    expect((await put(issued, html)).status).toBe(200);
    const again = await check(issued.uploadId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ format: 'png', size: bytes.length });

    const asked = await request({ files: [issued.uploadId] });
    expect(asked.status).toBe(201);
    const got = await download(asked.body.quoteId, issued.uploadId);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.bytes.toString('latin1')).not.toContain('<script>');
  });

  it('bytes put after the upload was taken by a request do not change the quote’s file either', async () => {
    const bytes = await png();
    const { issued } = await upload('poster.png', 'png', bytes);
    const asked = await request({ files: [issued.uploadId] });
    expect(asked.status).toBe(201);
    expect((await put(issued, Buffer.alloc(bytes.length, 'x'))).status).toBe(200);
    expect((await download(asked.body.quoteId, issued.uploadId)).bytes.equals(bytes)).toBe(true);
  });

  it('a download is named from the format its bytes were checked as, whatever the name said', async () => {
    const picture = await upload('invoice.pdf.exe', 'png', await png());
    expect(picture.checked.status).toBe(200);
    const brief = await upload('brief', 'pdf', pdf);
    const asked = await request({ files: [picture.uploadId, brief.uploadId] });
    expect(asked.status).toBe(201);
    const shopper = await download(asked.body.quoteId, picture.uploadId);
    expect(shopper.disposition).toMatch(/^attachment; filename="invoice-pdf\.png"/);
    expect((await download(asked.body.quoteId, brief.uploadId)).disposition).toMatch(/filename="brief\.pdf"/);
    // The owner's link names it the same way.
    const owner = await invoke(getArtworkLink, {
      method: 'GET',
      ...route('/api/admin/quotes/{quoteId}/files/{fileId}', {
        quoteId: asked.body.quoteId,
        fileId: picture.uploadId,
      }),
      token: admin,
    });
    const got = await fetch(owner.body.url);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-pdf\.png"/);
    // The name the shopper gave is still what the quote shows.
    expect((await fileOf(asked.body.quoteId)).map((file) => file.name)).toEqual(['invoice.pdf.exe', 'brief']);
  });
});

describe('a double click, and two requests naming one upload', () => {
  it('three requests at once with one requestId make one quote and one set of mails', async () => {
    const email = `dc-${randomUUID()}@example.com`;
    const requestId = randomUUID();
    const { uploadId } = await upload('logo.png', 'png', await png());
    const answers = await Promise.all([1, 2, 3].map(() => request({ email, requestId, files: [uploadId] })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.body.quoteId));
    expect(ids.size).toBe(1);
    const [quoteId] = ids;
    expect(new Set(answers.map((answer) => answer.body.number)).size).toBe(1);
    expect(await quotes.query('byRequest', { requestId })).toHaveLength(1);
    expect(await quoteUploads.get({ uploadId })).toMatchObject({ status: 'attached', quoteId });
    // One acknowledgement to the shopper, one request to the shop.
    expect(sentMails().filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(sentMails().filter((mail) => mail.text.includes(`Email: ${email}`))).toHaveLength(1);
    // A retry later finds the same quote and mails nothing more.
    const retry = await request({ email, requestId, files: [uploadId] });
    expect(retry.status).toBe(200);
    expect(retry.body.quoteId).toBe(quoteId);
    expect(sentMails().filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('two requests naming one upload at once: one takes it, the other is refused and stores nothing', async () => {
    const { uploadId } = await upload('logo.png', 'png', await png());
    const requestIds = [randomUUID(), randomUUID()];
    const answers = await Promise.all(requestIds.map((requestId) => request({ requestId, files: [uploadId] })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const winner = answers.find((answer) => answer.status === 201)!;
    const loser = answers.find((answer) => answer.status === 400)!;
    expect(loser.body.error.message).toBe('“logo.png” was sent with another request. Please add it again.');
    expect(await quoteUploads.get({ uploadId })).toMatchObject({ status: 'attached', quoteId: winner.body.quoteId });
    const stored = await Promise.all(requestIds.map((requestId) => quotes.query('byRequest', { requestId })));
    expect(stored.flat().map((quote) => quote.quoteId)).toEqual([winner.body.quoteId]);
    // The winner's file is there to download.
    expect((await download(winner.body.quoteId, uploadId)).bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('a request stored while SES refuses: its two mails are owed with it, and sent once later', async () => {
    const email = `ses-${randomUUID()}@example.com`;
    const refusing = await faultySes('refuse');
    try {
      const asked = await withSesAt(refusing.url, () => request({ email }));
      expect(asked.status).toBe(201);
      expect(refusing.subjects()).toHaveLength(2);
      expect(await getDelivery('quote-received', asked.body.quoteId)).toMatchObject({ status: 'pending' });
      expect(sentMails().filter((mail) => mail.to.includes(email))).toHaveLength(0);
    } finally {
      await refusing.stop();
    }
    await sweepDeliveries(new Date(Date.now() + 120 * 60_000));
    await sweepDeliveries(new Date(Date.now() + 240 * 60_000));
    expect(sentMails().filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(sentMails().filter((mail) => mail.text.includes(`Email: ${email}`))).toHaveLength(1);
  });

  it('an upload never checked, and one refused, are not taken', async () => {
    const bytes = await png();
    const unchecked = await issue('late.png', 'png', bytes);
    expect((await put(unchecked, bytes)).status).toBe(200);
    const refused = await upload('fake.png', 'png', pdf);
    expect(refused.checked.status).toBe(400);
    for (const uploadId of [unchecked.uploadId, refused.uploadId]) {
      const asked = await request({ files: [uploadId] });
      expect(asked.status).toBe(400);
    }
  });
});

/** A new quote (for its own email) with offer 1 sent: its id and its page's token. */
async function offered(email = `q-${randomUUID()}@example.com`) {
  const asked = await request({ email });
  const quoteId = asked.body.quoteId as string;
  const sent = await invoke(sendOffer, {
    method: 'POST',
    ...route('/api/admin/quotes/{quoteId}/offers', { quoteId }),
    token: admin,
    body: {
      lines: [{ description: 'Printed hoodie', kind: 'goods', quantity: 40, unitPrice: 3200 }],
      shipping: 1500,
      ships: true,
      note: '',
      validUntil: new Date(Date.now() + 14 * 86400_000).toISOString().slice(0, 10),
    },
  });
  expect(sent.status).toBe(201);
  return { quoteId, token: linkOf(quoteId, email) };
}
const decline = (quoteId: string, token: string) =>
  invoke(declineOffer, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/decline', { quoteId }),
    body: { token, offerNo: 1 },
  });
const write = (quoteId: string, token: string, text: string) =>
  invoke(sendShopperMessage, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/messages', { quoteId }),
    body: { token, text },
  });

describe('declined quotes', () => {
  it('a message on a declined quote is refused (409), as the route table says; an expired one takes one', async () => {
    const { quoteId, token } = await offered();
    expect((await decline(quoteId, token)).status).toBe(200);
    const before = sentMails().length;
    const refused = await write(quoteId, token, 'Hello again?');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'quote_closed', message: MESSAGES.quoteClosed });
    expect(sentMails()).toHaveLength(before);

    const late = await offered();
    const stored = (await quotes.get({ quoteId: late.quoteId }))!;
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    await quotes.put({ ...stored, offer: { ...stored.offer!, validUntil: yesterday } });
    const asked = await write(late.quoteId, late.token, 'Could you send a new offer?');
    expect(asked.status).toBe(201);
  });

  it('a decline that wins against a payment tells the payer the offer was declined', async () => {
    const { quoteId, token } = await offered();
    const started = await invoke(payOffer, {
      method: 'POST',
      ...route('/api/quotes/{quoteId}/pay', { quoteId }),
      body: { token, offerNo: 1, shippingAddress: address },
    });
    expect((await pay(started.body.clientSecret)).body.paymentIntent.status).toBe('requires_capture');
    // The decline's first step is written (the quote declined), and the order is recorded before its payment is
    // ended: the take finds the offer gone and says why.
    const stored = (await quotes.get({ quoteId }))!;
    await quotes.put({ ...stored, status: 'declined', offer: { ...stored.offer!, ended: 'declined' } });
    const recorded = await invoke(recordOfferOrder, {
      method: 'POST',
      ...route('/api/quotes/{quoteId}/record', { quoteId }),
      body: { token, paymentIntentId: started.body.paymentIntentId },
    });
    expect(recorded.status).toBe(409);
    expect(recorded.body.error).toMatchObject({ code: 'offer_declined', message: MESSAGES.offerDeclined });
  });
});
