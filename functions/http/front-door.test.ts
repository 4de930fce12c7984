import Stripe from 'stripe';
import { ORIGIN_HEADER, ORIGIN_REFUSED_MESSAGE } from '#shared/origin';
import { GATEWAY_UNAUTHORIZED } from '#shared/sign-in';
import { carts } from '../db/entities/cart';
import { formSubmissions } from '../db/entities/form-submission';
import { orders } from '../db/entities/order';
import { apiEvent, invoke, lambdaContext, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as saveCart } from './cart/save-cart';
import { handler as getCart } from './cart/get-cart';
import { handler as stripeWebhook } from './checkout/stripe-webhook';
import { handler as submitContact } from './forms/submit-contact';
import { handler as renderPage } from './pages/render-page';
import { handler as health } from './system/get-health';

/**
 * The front door (docs/decisions/0066): with the origin secret configured, as in AWS (ORIGIN_SECRET_ARN) and under
 * npm start (ORIGIN_SECRET), every route's function refuses a request that did not come through the shop's
 * address, with 403 in the shop's error format and before any work: nothing stored, nothing mailed, no caller read.
 * A user or admin route's JWT authorizer runs before the function, so a request without a token gets its 401 first,
 * as API Gateway answers in AWS. (The Secrets Manager side, current and previous values: functions/lib/origin.test.ts.)
 */
const SECRET = 'front-door-secret-for-this-test';
const door = { [ORIGIN_HEADER]: SECRET };
let token: string;

beforeAll(async () => {
  await useFreshTable();
  token = (await signInNewUser()).token;
  process.env.ORIGIN_SECRET = SECRET;
});
afterAll(() => {
  delete process.env.ORIGIN_SECRET;
});

const subOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;
const refused = { error: { code: 'forbidden', message: ORIGIN_REFUSED_MESSAGE } };

it('a form posted straight at the API (no header, or a guessed one) is refused with 403 and nothing is stored or mailed', async () => {
  const mailsBefore = sentMails().length;
  for (const headers of [
    {} as Record<string, string>,
    { [ORIGIN_HEADER]: 'guess' },
    { [ORIGIN_HEADER]: `${SECRET}x` },
    { [ORIGIN_HEADER]: '' },
  ]) {
    const answer = await invoke(submitContact, {
      method: 'POST',
      path: '/api/forms/contact',
      headers,
      body: { name: 'Bot', email: 'bot@example.com', message: 'Straight at the API' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(refused);
  }
  expect((await formSubmissions.query('inbox', {})).filter((s) => s.message === 'Straight at the API')).toEqual([]);
  expect(sentMails().length).toBe(mailsBefore);

  // Through the door, the same form is taken.
  const taken = await invoke(submitContact, {
    method: 'POST',
    path: '/api/forms/contact',
    headers: door,
    body: { name: 'Ann', email: 'ann@example.com', message: 'Through the door' },
  });
  expect(taken.status).toBe(201);
  expect((await formSubmissions.get({ id: taken.body.id }))?.message).toBe('Through the door');
});

it('comes before the body, and after the authorizer: a signed-in call without the header changes nothing', async () => {
  const cart = [{ id: 'candle', name: 'Candle', image: '/i/c.jpg', price: 1, size: 'CANDLE', quantity: 2 }];
  expect(await invoke(saveCart, { method: 'POST', path: '/auth/cart', token, body: { cart } })).toMatchObject({
    status: 403,
    body: refused,
  });
  // Not even a 400 for a broken body: the door answers first.
  expect(await invoke(saveCart, { method: 'POST', path: '/auth/cart', token, body: '{not json' })).toMatchObject({
    status: 403,
    body: refused,
  });
  // Without a token, the route's JWT authorizer answers before any function runs (API Gateway in AWS, the gateway
  // here: decision 0140), with its own 401, door or not.
  expect(await invoke(saveCart, { method: 'POST', path: '/auth/cart', body: '{not json' })).toMatchObject({
    status: 401,
    body: GATEWAY_UNAUTHORIZED,
  });
  expect(await carts.get({ userId: subOf(token) })).toBeNull();
  expect(await invoke(getCart, { method: 'GET', path: '/auth/cart', token, headers: door })).toMatchObject({
    status: 200,
    body: { cart: { cart: [] } },
  });
  expect(await invoke(getCart, { method: 'GET', path: '/auth/cart', headers: door })).toMatchObject({
    status: 401,
    body: GATEWAY_UNAUTHORIZED,
  });
});

it('the health check and the page function behind CloudFront too (the page answers in the error format)', async () => {
  expect(await invoke(health, { method: 'GET', path: '/api/health' })).toMatchObject({ status: 403, body: refused });
  expect(await invoke(health, { method: 'GET', path: '/api/health', headers: door })).toMatchObject({
    status: 200,
    body: { ok: true },
  });
  const page = await renderPage(apiEvent({ method: 'GET', path: '/about' }), { ...lambdaContext });
  expect(page).toMatchObject({ statusCode: 403, headers: { 'content-type': 'application/json; charset=utf-8' } });
  expect(JSON.parse(String(page?.body))).toEqual(refused);
});

describe('the Stripe webhook (Stripe calls the shop address, through CloudFront)', () => {
  const webhookSecret = 'whsec_front_door';
  const stripe = new Stripe('sk_test_dummy');
  const event = JSON.stringify({
    id: 'evt_door',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: 'pi_door',
        object: 'payment_intent',
        amount: 1000,
        currency: 'usd',
        status: 'succeeded',
        metadata: {},
      },
    },
  });
  beforeAll(() => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_dummy';
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  });
  afterAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });

  it('a correctly signed event straight at the API is refused; through the door the signature is still checked', async () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload: event, secret: webhookSecret });
    const straight = await invoke(stripeWebhook, {
      method: 'POST',
      path: '/api/webhooks/stripe',
      body: event,
      headers: { 'stripe-signature': signature },
    });
    expect(straight).toMatchObject({ status: 403, body: refused });
    const forged = stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' });
    const bad = await invoke(stripeWebhook, {
      method: 'POST',
      path: '/api/webhooks/stripe',
      body: event,
      headers: { ...door, 'stripe-signature': forged },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('The webhook signature is not valid.');
    expect(await orders.get({ orderNumber: 'pi_door' })).toBeNull();
  });
});
