import Stripe from 'stripe';
import { orders } from '../../db/entities/order';
import { invoke, useFreshTable } from '../../../tests/helpers';
import { handler } from './stripe-webhook';

/**
 * Stripe mode without the network: the signature check is Stripe's own SDK code; a bad signature must be
 * refused before anything is read or written.
 */
const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_dummy');

beforeAll(async () => {
  await useFreshTable();
  process.env.STRIPE_SECRET_KEY = 'sk_test_dummy';
  process.env.STRIPE_WEBHOOK_SECRET = secret;
});
afterAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

const event = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'payment_intent.processing',
  data: { object: { id: 'pi_123', object: 'payment_intent', amount: 1000, currency: 'usd', status: 'processing', metadata: {} } },
});

it('refuses a webhook whose signature is wrong and records nothing', async () => {
  const forged = stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' });
  const { status, body } = await invoke(handler, { method: 'POST', path: '/api/webhooks/stripe', body: event, headers: { 'stripe-signature': forged } });
  expect(status).toBe(400);
  expect(body.error.message).toBe('The webhook signature is not valid.');
  expect((await orders.get({ orderNumber: 'pi_123' }))).toBeNull();
});

it('refuses a webhook without a signature', async () => {
  const { status } = await invoke(handler, { method: 'POST', path: '/api/webhooks/stripe', body: event });
  expect(status).toBe(400);
});

it('accepts a correctly signed event it has nothing to do for', async () => {
  const signature = stripe.webhooks.generateTestHeaderString({ payload: event, secret });
  const { status, body } = await invoke(handler, { method: 'POST', path: '/api/webhooks/stripe', body: event, headers: { 'stripe-signature': signature } });
  expect(status).toBe(200);
  expect(body).toEqual({ received: true });
});
