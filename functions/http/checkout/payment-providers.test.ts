import { CaptureError, type PaymentProvider } from '../../domain/money/payments/provider';
import { StripePaymentProvider } from '../../domain/money/payments/stripe';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { card } from '#tests/checkout';
import { useFreshTable } from '#tests/helpers';
import { startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in';

/**
 * Both payment providers behind one interface, held to Stripe's manual-capture states
 * (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method): the same scenarios run against the test
 * card processor and against the Stripe provider talking to the Stripe API stand-in. What the shopper's browser
 * does (confirm a card, decline, 3-D Secure) is the processor's confirm step or the stand-in's helpers.
 */
let api: StripeStandIn;
beforeAll(async () => {
  await useFreshTable();
  api = await startStripeStandIn();
});
afterAll(() => api.stop());

interface Side {
  provider: () => PaymentProvider;
  authorize(id: string, clientSecret: string): Promise<void>;
  decline(id: string, clientSecret: string): Promise<void>;
  /** The order number and description the provider keeps on the intent (its dashboard shows them). */
  label(id: string): Promise<{ description?: string | null; orderNumber?: string }>;
}
const billing = { name: 'Ada', email: 'ada@example.com' };
const sides: [string, Side][] = [
  [
    'test card processor',
    {
      provider: () => new TestPaymentProvider(),
      authorize: async (_id, secret) =>
        void (await new TestPaymentProvider().confirm(secret, card('4242424242424242'), billing)),
      decline: async (_id, secret) =>
        void (await new TestPaymentProvider()
          .confirm(secret, card('4000000000000002'), billing)
          .catch(() => undefined)),
      label: async (id) => {
        const record = (await testPaymentIntents.get({ id }, { consistent: true }))!;
        return { description: record.description, orderNumber: record.orderNumber };
      },
    },
  ],
  [
    'Stripe',
    {
      provider: () => {
        const url = new URL(api.base);
        return new StripePaymentProvider('sk_test_standin', 'whsec_x', {
          host: url.hostname,
          port: url.port,
          protocol: 'http',
        });
      },
      authorize: async (id) => void api.authorize(id),
      decline: async (id) => void api.decline(id),
      label: async (id) => ({
        description: api.intents.get(id)!.description,
        orderNumber: api.intents.get(id)!.metadata.order_number,
      }),
    },
  ],
];

let n = 0;
const newIntent = (provider: PaymentProvider) =>
  provider.createIntent({
    amount: 4461,
    currency: 'usd',
    metadata: { checkoutId: `c-${++n}`, customer: 'guest' },
    idempotencyKey: `key-${n}-${Date.now()}`,
  });

describe.each(sides)('%s', (_name, side) => {
  it('authorize, then capture (any number of times) -> succeeded', async () => {
    const provider = side.provider();
    const intent = await newIntent(provider);
    expect(intent.status).toBe('requires_payment_method');
    await side.authorize(intent.id, intent.clientSecret);
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('requires_capture');
    await expect(provider.updateIntent(intent.id, { amount: 100 })).rejects.toMatchObject({ statusCode: 409 });
    const captured = await provider.captureIntent(intent.id, { idempotencyKey: `capture-${intent.id}-0` });
    expect(captured).toMatchObject({ status: 'succeeded', amount: 4461 });
    expect((await provider.captureIntent(intent.id, { idempotencyKey: `capture-${intent.id}-1` })).status).toBe(
      'succeeded',
    );
    // A captured payment cannot be cancelled: it answers as it is.
    expect((await provider.cancelIntent(intent.id))?.status).toBe('succeeded');
  });

  it('the order number is put on an authorized intent and on a captured one; the amount still cannot change', async () => {
    const provider = side.provider();
    const intent = await newIntent(provider);
    await side.authorize(intent.id, intent.clientSecret);
    await provider.labelIntent(intent.id, '1042');
    expect(await side.label(intent.id)).toEqual({ description: 'Order #1042', orderNumber: '1042' });
    await provider.captureIntent(intent.id, { idempotencyKey: `capture-${intent.id}-0` });
    await provider.labelIntent(intent.id, '1043');
    expect(await side.label(intent.id)).toEqual({ description: 'Order #1043', orderNumber: '1043' });
    expect((await provider.retrieveIntent(intent.id))?.metadata.checkoutId).toMatch(/^c-/);
    await expect(provider.updateIntent(intent.id, { amount: 100 })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('a declined card keeps the intent waiting for a card, with the reason', async () => {
    const provider = side.provider();
    const intent = await newIntent(provider);
    await side.decline(intent.id, intent.clientSecret);
    const after = (await provider.retrieveIntent(intent.id))!;
    expect(after.status).toBe('requires_payment_method');
    expect(after.lastPaymentError?.message).toBe('Your card was declined.');
  });

  it('cancel from requires_payment_method and from requires_capture -> canceled; a cancelled one can never be captured', async () => {
    const provider = side.provider();
    const waiting = await newIntent(provider);
    expect((await provider.cancelIntent(waiting.id))?.status).toBe('canceled');
    const held = await newIntent(provider);
    await side.authorize(held.id, held.clientSecret);
    expect((await provider.cancelIntent(held.id))?.status).toBe('canceled');
    const error = await provider
      .captureIntent(held.id, { idempotencyKey: `capture-${held.id}-0` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as CaptureError).permanent).toBe(true);
  });

  it('refund: a captured payment is refunded in full once per key; an uncaptured one is cancelled instead', async () => {
    const provider = side.provider();
    const paid = await newIntent(provider);
    await side.authorize(paid.id, paid.clientSecret);
    await provider.captureIntent(paid.id, { idempotencyKey: `capture-${paid.id}-0` });
    const refund = await provider.refund(paid.id, { idempotencyKey: `refund-${paid.id}` });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(await provider.refund(paid.id, { idempotencyKey: `refund-${paid.id}` })).toEqual(refund);

    const held = await newIntent(provider);
    await side.authorize(held.id, held.clientSecret);
    expect(await provider.refund(held.id, { idempotencyKey: `refund-${held.id}` })).toEqual({
      id: held.id,
      status: 'succeeded',
    });
    expect((await provider.retrieveIntent(held.id))?.status).toBe('canceled');
  });

  it('the same idempotency key gives the same intent', async () => {
    const provider = side.provider();
    const input = {
      amount: 1000,
      currency: 'usd',
      metadata: { checkoutId: 'same', customer: 'guest' },
      idempotencyKey: `same-${Date.now()}`,
    };
    const [a, b] = [await provider.createIntent(input), await provider.createIntent(input)];
    expect(a.id).toBe(b.id);
  });
});

describe('the test card processor, beyond Stripe’s API: its card step', () => {
  it('3-D Secure: requires_action until answered; cancelling from requires_action -> canceled', async () => {
    const provider = new TestPaymentProvider();
    const intent = await newIntent(provider);
    expect((await provider.confirm(intent.clientSecret, card('4000002500003155'), billing)).status).toBe(
      'requires_action',
    );
    expect((await provider.confirm(intent.clientSecret, card('4000002500003155'), billing)).status).toBe(
      'requires_action',
    );
    expect((await provider.cancelIntent(intent.id))?.status).toBe('canceled');
    await expect(
      provider.confirm(intent.clientSecret, card('4000002500003155'), billing, 'complete'),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });
});

it("Stripe's intents are manual capture, for the Payment Element's methods that support it: card and Link", async () => {
  const url = new URL(api.base);
  const provider = new StripePaymentProvider('sk_test_standin', 'whsec_x', {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
  });
  const intent = await newIntent(provider);
  expect(api.intents.get(intent.id)).toMatchObject({
    capture_method: 'manual',
    payment_method_types: ['card', 'link'],
  });
  const created = api.calls.find((call) => call.path === '/v1/payment_intents' && call.form.metadata);
  expect(created?.form.automatic_payment_methods).toBeUndefined();
});
