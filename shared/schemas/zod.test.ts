import { MESSAGES } from '../messages';
import { createIntentBodySchema, testConfirmBodySchema } from './checkout';
import { shippingProfilesBodySchema } from './address';
import * as z from './zod';

/** Field messages as the API answers them (path joined with dots). */
const fields = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const address = {
  name: 'Ann',
  email: 'ann@example.com',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const cart = [{ id: 'harvest-spice-candle', quantity: 1, size: 'CANDLE' }];

describe('messages for a body of the wrong shape are plain words', () => {
  test('a field left out is required; a wrong kind of value says what it must be', () => {
    expect(
      fields(createIntentBodySchema, {
        cart: 'all of it',
        shippingAddress: { ...address, email: undefined },
        currency: 'usd',
      }),
    ).toEqual({
      cart: 'Must be a list.',
      'shippingAddress.email': 'This field is required.',
    });
    expect(fields(createIntentBodySchema, { cart, shippingAddress: 7, currency: 'usd' })).toEqual({
      shippingAddress: 'Must be a group of fields.',
    });
    expect(fields(createIntentBodySchema, { cart, shippingAddress: address, currency: 'eur' })).toEqual({
      currency: 'Must be "usd".',
    });
  });

  test('sizes, emails and ids', () => {
    expect(fields(shippingProfilesBodySchema, { profiles: Array.from({ length: 11 }, () => ({})) }).profiles).toBe(
      'Must be at most 10 items.',
    );
    expect(fields(testConfirmBodySchema, { clientSecret: 'x'.repeat(300) }).clientSecret).toBe(
      'Must be at most 200 characters.',
    );
    expect(
      fields(createIntentBodySchema, { cart, shippingAddress: address, currency: 'usd', checkoutId: 'abc' }).checkoutId,
    ).toBe('Must be an id made by the shop (a UUID).');
  });

  test("a schema's own wording still wins", () => {
    expect(
      fields(createIntentBodySchema, { cart, shippingAddress: { ...address, zip: '1' }, currency: 'usd' }),
    ).toEqual({ 'shippingAddress.zip': MESSAGES.invalidZip });
    expect(
      fields(createIntentBodySchema, { cart, shippingAddress: { ...address, email: 'not an email' }, currency: 'usd' }),
    ).toEqual({ 'shippingAddress.email': 'Please enter a valid email address.' });
  });

  test('no message a client can provoke is zod’s raw English', () => {
    const probes: unknown[] = [
      {},
      { cart: null, shippingAddress: [], currency: 5 },
      { cart: [null, {}, { id: 5, quantity: 'x', size: 7 }], shippingAddress: { zip: [] } },
    ];
    for (const body of probes)
      for (const message of Object.values(fields(createIntentBodySchema, body)))
        expect(message).not.toMatch(/^(Invalid input|Too big|Too small|Invalid option|Expected)/);
  });
});
