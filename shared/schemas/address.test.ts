import { MESSAGES } from '../messages';
import { shippingAddressSchema, shippingProfileSchema } from './address';

const profile = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '5125550100',
  address: '1 Main St',
  state: 'TX',
  city: 'Austin',
  zip: '73301',
};
const phoneOf = (phone: string) => shippingProfileSchema.safeParse({ ...profile, phone });

it('a phone typed with spaces, brackets, dashes or dots keeps the 10-digit rule on its digits and is stored as the digits', () => {
  for (const typed of ['(512) 555-0100', '512-555-0100', ' 512 555 0100 ', '512.555.0100', '5125550100']) {
    const parsed = phoneOf(typed);
    expect([typed, parsed.success && parsed.data.phone]).toEqual([typed, '5125550100']);
  }
});

it('anything but 10 digits is refused with the spec message', () => {
  for (const typed of ['555-123', '(512) 555-01000', '+1 512 555 0100', '512/555/0100', '51255501OO', '<512>5550100']) {
    const parsed = phoneOf(typed);
    expect([typed, parsed.success ? 'accepted' : parsed.error.issues.map((issue) => issue.message)]).toEqual([
      typed,
      [MESSAGES.invalidPhone],
    ]);
  }
  expect(phoneOf('   ').error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.profileFieldsRequired]);
});

it("a profile's email is checked as the checkout's: an address, or the field's message; trimmed", () => {
  const emailOf = (email: unknown) => shippingProfileSchema.safeParse({ ...profile, email });
  const checkout = (email: unknown) => shippingAddressSchema.shape.email.safeParse(email);
  for (const bad of ['not an email', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@example.com<']) {
    expect([bad, emailOf(bad).error?.issues.map((issue) => issue.message)]).toEqual([
      bad,
      ['Please enter a valid email address.'],
    ]);
    expect([bad, checkout(bad).success]).toEqual([bad, false]);
  }
  for (const missing of [undefined, '', '   '])
    expect(emailOf(missing).error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.profileFieldsRequired]);
  expect(emailOf(' Ada@Example.com ').data?.email).toBe('Ada@Example.com');
});
