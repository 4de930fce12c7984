import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { quotes } from '../../db/entities/quote';
import { settleCheckouts } from '../../domain/checkout/settle';
import { offerCheckoutId } from '../../domain/quotes/quotes';
import { address, checkoutState, intentStatus, pay } from '#tests/checkout';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as declineOffer } from './decline-offer';
import { handler as getQuote } from './get-quote';
import { handler as payOffer } from './pay-offer';
import { handler as recordOfferOrder } from './record-offer-order';
import { handler as requestQuote } from './request-quote';
import { handler as sendOffer } from './send-offer';

/**
 * A payment started on an offer that ends where the function has no payment provider (issue 39, decision 0131): the
 * shopper declines it, or the quote's page finds it past its date. Its checkout can no longer be taken at once (no
 * order, the card never charged), and the settle job cancels its authorization on its next run.
 */
let admin: string;
beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
});

const route = (path: string, quoteId: string) => ({
  path: path.replace('{quoteId}', quoteId),
  routePath: path,
  params: { quoteId },
});

/** A quote with an offer, and a card authorized on it: the quote's id, its link's token and the intent. */
async function authorizedOffer() {
  const email = `${randomUUID()}@example.com`;
  const asked = await invoke(requestQuote, {
    method: 'POST',
    path: '/api/quotes',
    body: {
      name: 'Grace Hopper',
      email,
      items: '40 hoodies',
      message: 'For the team.',
      service: 'printing',
      quantity: 40,
      files: [],
      requestId: randomUUID(),
    },
  });
  const quoteId = asked.body.quoteId as string;
  const offered = await invoke(sendOffer, {
    method: 'POST',
    ...route('/api/admin/quotes/{quoteId}/offers', quoteId),
    token: admin,
    body: {
      lines: [{ description: 'Printed hoodie', kind: 'goods', quantity: 40, unitPrice: 3200 }],
      shipping: 1500,
      ships: true,
      note: '',
      validUntil: new Date(Date.now() + 14 * 86400_000).toISOString().slice(0, 10),
    },
  });
  expect(offered.status).toBe(201);
  const mail = sentMails().find((m) => m.to.includes(email) && m.text.includes(`/quotes/${quoteId}?t=`))!;
  const token = decodeURIComponent(new RegExp(`/quotes/${quoteId}\\?t=([^\\s]+)`).exec(mail.text)![1]);
  const started = await invoke(payOffer, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/pay', quoteId),
    body: { token, offerNo: 1, shippingAddress: address },
  });
  expect(started.status).toBe(200);
  expect((await pay(started.body.clientSecret)).body.paymentIntent.status).toBe('requires_capture');
  return { quoteId, token, intentId: started.body.paymentIntentId as string };
}

/** `code`: what the payer is told, the truth of how the offer ended. */
async function endsLater(quoteId: string, token: string, intentId: string, code: 'offer_declined' | 'offer_expired') {
  const checkoutId = offerCheckoutId(quoteId, 1);
  // Nothing can take it now: recording the order is refused, and no order is made.
  expect(await checkoutState(checkoutId)).toBe('voiding');
  const late = await invoke(recordOfferOrder, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/record', quoteId),
    body: { token, paymentIntentId: intentId },
  });
  expect(late.status).toBe(409);
  expect(late.body.error.code).toBe(code);
  expect(late.body.error.message).toBe(code === 'offer_declined' ? MESSAGES.offerDeclined : MESSAGES.offerExpired);
  expect((await quotes.get({ quoteId }))!.orderNumber).toBeUndefined();
  // The settle job's next run cancels the authorization: the card is never charged.
  await settleCheckouts(new Date());
  expect(await intentStatus(intentId)).toBe('canceled');
  expect(await checkoutState(checkoutId)).toBe('closed');
}

it('declined by the shopper: no order, and the settle job cancels the authorization', async () => {
  const { quoteId, token, intentId } = await authorizedOffer();
  const declined = await invoke(declineOffer, {
    method: 'POST',
    ...route('/api/quotes/{quoteId}/decline', quoteId),
    body: { token, offerNo: 1, reason: 'Too dear.' },
  });
  expect(declined.status).toBe(200);
  await endsLater(quoteId, token, intentId, 'offer_declined');
});

it('found past its date when the quote’s page is read: no order, and the settle job cancels the authorization', async () => {
  const { quoteId, token, intentId } = await authorizedOffer();
  const stored = (await quotes.get({ quoteId }))!;
  const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
  await quotes.put({ ...stored, offer: { ...stored.offer!, validUntil: yesterday } });
  const page = await invoke(getQuote, {
    method: 'GET',
    ...route('/api/quotes/{quoteId}', quoteId),
    query: { t: token },
  });
  expect(page.body).toMatchObject({ status: 'expired', offer: { state: 'expired' } });
  await endsLater(quoteId, token, intentId, 'offer_expired');
});
