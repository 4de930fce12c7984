import Stripe from 'stripe';
import { MESSAGES } from '#shared/messages';
import { products } from '../../db/entities/product';
import { invoke, useFreshTable } from '#tests/helpers';
import { startSecretsStandIn, type SecretsStandIn } from '#tests/secrets-manager';
import { handler as confirmTestPayment } from './confirm-test-payment';
import { handler as createGuestIntent } from './create-guest-payment-intent';
import { handler as webhook } from './stripe-webhook';
import { createCandle } from '#tests/checkout';

/**
 * In AWS the Stripe keys live in the stack's Secrets Manager secret (STRIPE_SECRET_ARN): read at cold start,
 * kept, never in the environment; and inside Lambda the built-in test card processor is never used.
 */
const stripe = new Stripe('sk_test_dummy');
const address = {
  name: 'Ada Buyer',
  email: 'ada@example.com',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const event = JSON.stringify({
  id: 'evt_secret',
  object: 'event',
  type: 'payment_intent.processing',
  data: {
    object: {
      id: 'pi_secret',
      object: 'payment_intent',
      amount: 1000,
      currency: 'usd',
      status: 'processing',
      metadata: {},
    },
  },
});
const signedWith = (secret: string) =>
  invoke(webhook, {
    method: 'POST',
    path: '/api/webhooks/stripe',
    body: event,
    headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: event, secret }) },
  });
const buy = () =>
  invoke(createGuestIntent, {
    method: 'POST',
    path: '/auth/create-payment-intent/guest',
    body: { cart: [{ id: 'candle', size: 'CANDLE', quantity: 2 }], shippingAddress: address },
  });
const arn = (name: string) => `arn:aws:secretsmanager:us-east-1:123456789012:secret:${name}`;

let secrets: SecretsStandIn;

beforeAll(async () => {
  await useFreshTable();
  secrets = await startSecretsStandIn();
  await createCandle(5);
});
beforeEach(() => {
  process.env.SECRETS_MANAGER_ENDPOINT = secrets.endpoint;
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'Shop-test-CheckoutFunction';
});
afterEach(() => {
  for (const name of ['SECRETS_MANAGER_ENDPOINT', 'AWS_LAMBDA_FUNCTION_NAME', 'STRIPE_SECRET_ARN'])
    delete process.env[name];
});
afterAll(() => secrets.stop());

const candlesLeft = async () => (await products.get({ id: 'candle' }))!.stock.CANDLE;

it('takes the Stripe keys from the secret, reading it once for many calls', async () => {
  const id = arn('stripe-ok');
  secrets.secrets.set(id, JSON.stringify({ secretKey: 'sk_test_from_secret', webhookSecret: 'whsec_from_secret' }));
  process.env.STRIPE_SECRET_ARN = id;
  expect((await signedWith('whsec_from_secret')).status).toBe(200);
  expect((await signedWith('whsec_someone_else')).status).toBe(400);
  expect((await signedWith('whsec_from_secret')).body).toEqual({ received: true });
  expect(secrets.reads.filter((read) => read === id)).toHaveLength(1);
});

it('answers 503 and holds no stock while the secret still has its placeholder', async () => {
  const id = arn('stripe-placeholder');
  secrets.secrets.set(id, JSON.stringify({ secretKey: '', webhookSecret: '' }));
  process.env.STRIPE_SECRET_ARN = id;
  const before = await candlesLeft();
  const { status, body } = await buy();
  expect(status).toBe(503);
  expect(body.error).toEqual({ code: 'payments_not_configured', message: MESSAGES.paymentsUnavailable });
  expect(await candlesLeft()).toBe(before);
  expect((await signedWith('')).status).toBe(503);
});

it('never falls back to the test card processor inside Lambda', async () => {
  const before = await candlesLeft();
  expect((await buy()).status).toBe(503);
  const confirm = await invoke(confirmTestPayment, {
    method: 'POST',
    path: '/api/test-payments/confirm',
    body: {
      clientSecret: 'pi_test_x_secret_y',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      billingName: 'A',
      receiptEmail: 'a@example.com',
    },
  });
  expect(confirm.status).toBe(503);
  expect(await candlesLeft()).toBe(before);
});

it('answers a webhook with 503 (not 400) while the secret has no webhook signing secret', async () => {
  const id = arn('stripe-no-webhook');
  secrets.secrets.set(id, JSON.stringify({ secretKey: 'sk_test_only', webhookSecret: '' }));
  process.env.STRIPE_SECRET_ARN = id;
  const { status, body } = await signedWith('whsec_anything');
  expect(status).toBe(503);
  expect(body.error.code).toBe('payments_not_configured');
});

it('reads a secret again after a failed read', async () => {
  const id = arn('stripe-late');
  process.env.STRIPE_SECRET_ARN = id;
  expect((await signedWith('whsec_late')).status).toBe(503);
  secrets.secrets.set(id, JSON.stringify({ secretKey: 'rk_test_late', webhookSecret: 'whsec_late' }));
  expect((await signedWith('whsec_late')).status).toBe(200);
  expect(secrets.reads.filter((read) => read === id)).toHaveLength(2);
});

it('outside Lambda, without keys, is the test card processor (npm start)', async () => {
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  const { status, body } = await buy();
  expect(status).toBe(200);
  expect(body.paymentMode).toBe('test');
});
