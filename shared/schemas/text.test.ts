import { requestSchema } from '../openapi';
import { ROUTE_LIST } from '../routes';
import { removeUnsafeCharacters } from '../sanitize';
import { shippingProfileSchema } from './address';
import { contactFormSchema } from './forms';
import { orderLookupBodySchema } from './orders';
import { stockAlertBodySchema } from './stock-alerts';
import { shippingEmail, TEXT_DESCRIPTION, typedText } from './text';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  description?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
};

/** Every string of a JSON Schema with its path (`lines[].name`), $refs followed within the document. */
function strings(root: JsonSchema): { path: string; schema: JsonSchema }[] {
  const found: { path: string; schema: JsonSchema }[] = [];
  const walk = (schema: JsonSchema, path: string, seen: Set<string>) => {
    if (schema.$ref) {
      if (seen.has(schema.$ref)) return;
      const target = schema.$ref === '#' ? root : root.$defs?.[schema.$ref.split('/').pop()!];
      if (target) walk(target, path, new Set([...seen, schema.$ref]));
      return;
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string')) found.push({ path, schema });
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      walk(property, path ? `${path}.${name}` : name, seen);
    if (schema.items) walk(schema.items, `${path}[]`, seen);
    for (const item of schema.prefixItems ?? []) walk(item, `${path}[]`, seen);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${path}.*`, seen);
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(part, path, seen);
  };
  walk(root, '', new Set());
  return found;
}

const EMAIL = "An address zod's email check accepts: no control or bidi character passes it (tested below)";
const FROM_TABLE = 'The line is made again from the stored product: the id is looked up, the rest not read';
/** Strings of request bodies that are not free text the shop stores or mails as typed, by field, with why. */
const NOT_TEXT: Record<string, string> = {
  email: EMAIL,
  'shippingAddress.email': EMAIL,
  'profiles[].email': EMAIL,
  recipientEmail: EMAIL,
  'cart[].giftCard.recipientEmail': EMAIL,
  code: 'A gift card code: read in its canonical form (shared/gift-cards.ts canonicalCode), hashed, never stored',
  giftCardCode:
    'A gift card code: read in its canonical form (shared/gift-cards.ts canonicalCode), hashed, never stored',
  orderNumber:
    'An order number (`#1042`, `1042`, an older `pi_...`) or, in the record call, a payment id: else refused',
  'cart[].id': FROM_TABLE,
  'cart[].name': FROM_TABLE,
  'cart[].image': FROM_TABLE,
  'cart[].stockRef': FROM_TABLE,
  'lines[].id': FROM_TABLE,
  checkoutSecret: 'A secret compared with the one the shop issued; never stored as sent',
  lineToken: "A drop line's place the shop signed: its signature is checked, never stored as sent",
  token: "A drop line's place the shop signed: its signature is checked, never stored as sent",
  clientSecret: "A payment's client secret, looked up; never stored as sent",
  'card.number': "The test processor's card: read for its outcome, never stored",
  'card.cvc': "The test processor's card: read for its outcome, never stored",
  tag: "Normalised to the shop's tag words; anything else is refused",
  image: 'The path of a photo the image pipeline made; anything else is refused',
  'extraImages[]': 'The path of a photo the image pipeline made; anything else is refused',
  trackingNumber: 'Letters, digits and dashes only; anything else is refused',
  fileName: 'Not read: the type comes from the allow-list, the key from a new id (functions/domain/admin/uploads.ts)',
  website: 'The honeypot: a filled one is answered politely and nothing is stored',
  'shipTo.state':
    "A wallet sheet's state, only priced: a US state by code or name (shared/tax.ts isUsState), or refused",
  'shipTo.zip': "A wallet sheet's ZIP, only priced: read as its five digits (shared/wallet.ts walletZip), or refused",
};

const TYPED = new Set<string>(Object.values(TEXT_DESCRIPTION));

test('every free text field of every request body is typed text (the sanitiser rule), or listed here with why not', () => {
  const untreated: string[] = [];
  for (const route of ROUTE_LIST.filter((candidate) => candidate.body)) {
    for (const { path, schema } of strings(requestSchema(route.body!))) {
      const bounded = schema.format || schema.pattern || schema.enum || schema.const !== undefined;
      if (bounded || TYPED.has(schema.description ?? '') || path in NOT_TEXT) continue;
      untreated.push(`${route.method} ${route.path} ${path}`);
    }
  }
  expect(untreated).toEqual([]);
});

test('the walk finds the typed text of the forms, addresses, profiles, products, replacements and card names', () => {
  const typed = new Map<string, string>();
  for (const route of ROUTE_LIST.filter((candidate) => candidate.body))
    for (const { path, schema } of strings(requestSchema(route.body!)))
      if (TYPED.has(schema.description ?? '')) typed.set(`${route.method} ${route.path} ${path}`, schema.description!);
  const line = TEXT_DESCRIPTION.line;
  const lines = TEXT_DESCRIPTION.lines;
  expect(Object.fromEntries(typed)).toMatchObject({
    'POST /api/forms/contact name': line,
    'POST /api/forms/contact message': lines,
    'POST /api/forms/quote items': lines,
    'POST /auth/create-payment-intent/guest shippingAddress.name': line,
    'POST /auth/create-payment-intent/guest shippingAddress.line1': line,
    'POST /auth/shippingProfiles profiles[].name': line,
    'POST /auth/shippingProfiles profiles[].address': line,
    'POST /auth/shippingProfiles profiles[].phone': line,
    'POST /api/admin/products name': line,
    'POST /api/admin/products description': lines,
    'PUT /api/admin/products/{id} description': lines,
    'POST /api/orders/replacements reason': lines,
    'POST /api/admin/replacements/{id} message': lines,
    'POST /api/test-payments/confirm billingName': line,
    'POST /api/products/validate-cart cart[].name': line,
  });
});

describe('the rule (shared/sanitize.ts)', () => {
  const UNSAFE = [
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['backspace', '\b'],
    ['vertical tab', '\v'],
    ['form feed', '\f'],
    ['escape', '\u001B'],
    ['unit separator', '\u001F'],
    ['DEL', '\u007F'],
    ['C1 padding', '\u0080'],
    ['next line', '\u0085'],
    ['C1 APC', '\u009F'],
    ['left-to-right embedding', '\u202A'],
    ['right-to-left override', '\u202E'],
    ['left-to-right isolate', '\u2066'],
    ['pop directional isolate', '\u2069'],
  ] as const;

  test.each(UNSAFE)('removes %s, in one-line and multi-line text', (_name, character) => {
    expect(removeUnsafeCharacters(`Ada${character} Love${character}lace`)).toBe('Ada Lovelace');
    expect(removeUnsafeCharacters(`Ada${character}\nLovelace`, true)).toBe('Ada\nLovelace');
  });

  test('keeps tabs, letters of every script and the marks a name needs (accents, right-to-left letters, emoji)', () => {
    const kept = 'Zoë\tØrsted שלום مرحبا 李 \u200D👩‍👩‍👧 e\u0301';
    expect(removeUnsafeCharacters(kept)).toBe(kept);
    expect(removeUnsafeCharacters(kept, true)).toBe(kept);
  });

  test('a line break is one line feed in multi-line text, a space in one-line text', () => {
    expect(removeUnsafeCharacters('one\r\ntwo\rthree\nfour', true)).toBe('one\ntwo\nthree\nfour');
    expect(removeUnsafeCharacters('1 Main St\r\nApt 2\nBack')).toBe('1 Main St Apt 2 Back');
  });

  test('typed text applies it before trimming and the length rules: a field of control characters alone is empty', () => {
    const name = typedText({ max: 5, required: 'Name is required.' });
    expect(name.safeParse(' \u0000A\u202Eda\u0007 ').data).toBe('Ada');
    expect(name.safeParse('\u0000\u202E\u0007').error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required.',
    ]);
    // Removed characters do not count toward the most.
    expect(name.safeParse('\u202EAbcde\u202C').data).toBe('Abcde');
    expect(typedText({ max: 50, multiline: true }).safeParse('Hi,\r\n\u0007\tthanks').data).toBe('Hi,\n\tthanks');
  });

  test("the email fields (one address rule of zod's) refuse control and bidi characters", () => {
    const emails = [
      shippingEmail(),
      shippingProfileSchema.shape.email,
      contactFormSchema.shape.email,
      orderLookupBodySchema.shape.email,
      stockAlertBodySchema.shape.email,
    ];
    for (const schema of emails) {
      expect(schema.safeParse('ada@example.com').success).toBe(true);
      for (const bad of ['ada\u0000@example.com', 'ada@exam\u202Eple.com', 'ada\u0085@example.com'])
        expect({ bad, success: schema.safeParse(bad).success }).toEqual({ bad, success: false });
    }
  });
});
