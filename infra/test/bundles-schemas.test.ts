import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { ROUTE_LIST } from '#shared/routes';
import { lambdaBundleOptions } from '../lib/bundle-defines';

/**
 * A function builds, when it loads, every zod schema of every module its bundle holds: esbuild cannot leave out a
 * schema nobody uses (making one is a call, and zod's no-side-effects marks count only inside zod's own files). So
 * which modules a function imports is its cold start (issue 39, docs/decisions/0135): a handler imports its own part
 * of the route table, never an assembled table, and the routes that only read do not carry the rules of requests
 * they do not take. Before, every account and quote function built the address rules, the checkout's and the gift
 * cards' (10-15 ms of a 60 ms load here).
 */
const ROOT = path.resolve(__dirname, '..', '..');

/** Tables assembled from parts, for infra, the local gateway and the API document only. */
const ASSEMBLED = [
  'shared/routes.ts',
  'shared/routes/accounts.ts',
  'shared/routes/admin.ts',
  'shared/routes/checkout.ts',
  'shared/routes/promo.ts',
  'shared/routes/quotes-table.ts',
];

const ADDRESS = 'shared/schemas/address.ts';
const CHECKOUT = 'shared/schemas/checkout.ts';
const ORDER_VIEWS = 'shared/schemas/order-views.ts';
const PRODUCT = 'shared/schemas/product.ts';
const GIFT_CARDS = 'shared/schemas/gift-cards.ts';
const OWNER_PROMO = 'shared/schemas/promo.ts';
const QUOTES = 'shared/schemas/quotes.ts';

/** Handlers, and the schema modules their bundle must not hold. */
const WITHOUT: [handler: string, modules: string[]][] = [
  ['accounts/get-shipping-profiles', [ORDER_VIEWS, CHECKOUT, PRODUCT]],
  ['accounts/save-shipping-profiles', [ORDER_VIEWS, CHECKOUT, PRODUCT]],
  ['accounts/list-orders', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT]],
  ['accounts/get-order', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT]],
  ['accounts/rate-product', [ADDRESS, CHECKOUT, ORDER_VIEWS]],
  ['admin/list-orders', [ADDRESS, CHECKOUT, GIFT_CARDS]],
  ['admin/get-dashboard', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT]],
  ['orders/request-replacement', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT]],
  ['quotes/get-quote', [ADDRESS, CHECKOUT, PRODUCT]],
  ['quotes/list-quotes', [ADDRESS, CHECKOUT, PRODUCT]],
  ['quotes/send-shopper-message', [ADDRESS, CHECKOUT, PRODUCT]],
  ['checkout/check-promo-code', [ADDRESS, CHECKOUT, ORDER_VIEWS, OWNER_PROMO]],
  ['checkout/validate-cart', [ADDRESS, CHECKOUT, ORDER_VIEWS]],
  // Taking an order reads the checkout the card step stored: none of the card step's request rules (0136).
  ['checkout/record-order', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT]],
  ['checkout/record-guest-order', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT]],
  ['checkout/stripe-webhook', [ADDRESS, CHECKOUT, GIFT_CARDS, PRODUCT, ORDER_VIEWS]],
  // Paying an offer takes an address, not the quote views (0136).
  ['quotes/pay-offer', [CHECKOUT, ORDER_VIEWS, PRODUCT, QUOTES]],
  ['reminders/save-settings', [ADDRESS, CHECKOUT, ORDER_VIEWS]],
];

let metafile: Metafile;
let outputOf: Map<string, Metafile['outputs'][string]>;

beforeAll(async () => {
  const handlers = [...new Set(ROUTE_LIST.map((route) => route.handler))];
  const result = await build({
    entryPoints: Object.fromEntries(
      handlers.map((handler) => [handler, path.join(ROOT, 'functions', 'http', `${handler}.ts`)]),
    ),
    outdir: '/bundles',
    write: false,
    // As the stack builds them (infra/lib/shop-function.ts).
    ...lambdaBundleOptions(),
    external: ['sharp'],
    metafile: true,
    logLevel: 'silent',
  });
  metafile = result.metafile;
  outputOf = new Map(
    Object.values(metafile.outputs)
      .filter((output) => output.entryPoint)
      .map((output) => [path.relative(ROOT, path.resolve(ROOT, output.entryPoint!)), output]),
  );
}, 120_000);

/** The project files a handler's bundle holds code of. */
function held(handler: string): string[] {
  const output = outputOf.get(`functions/http/${handler}.ts`);
  if (!output) throw new Error(`no bundle for ${handler}`);
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => path.relative(ROOT, path.resolve(ROOT, file)));
}

it('no handler imports an assembled route table: each imports its own part or entry', () => {
  const importers = Object.entries(metafile.inputs)
    .filter(([file]) => !file.includes('node_modules'))
    .flatMap(([file, input]) =>
      input.imports
        .map((imported) => path.relative(ROOT, path.resolve(ROOT, imported.path)))
        .filter((imported) => ASSEMBLED.includes(imported))
        .map((imported) => `${path.relative(ROOT, path.resolve(ROOT, file))} -> ${imported}`),
    );
  expect(importers).toEqual([]);
});

it.each(WITHOUT)('%s builds no schemas of requests it does not take', (handler, modules) => {
  const bundle = held(handler);
  // The check can fail: the bundle holds the project's schemas (zod.ts at least).
  expect(bundle).toContain('shared/schemas/zod.ts');
  expect(bundle.filter((file) => modules.includes(file))).toEqual([]);
});

/** Every handler's bundle: its inputs that hold code. */
const everyBundle = () =>
  [...outputOf].map(([entry, output]) => ({
    entry,
    inputs: Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0),
  }));

it('no function carries the Stripe package: its calls are the shop’s own client (decision 0136)', () => {
  const withStripe = everyBundle()
    .filter(({ inputs }) => inputs.some(([file]) => file.includes('node_modules/stripe/')))
    .map(({ entry }) => entry);
  expect(withStripe).toEqual([]);
  // The check can fail: the Stripe functions hold the client.
  expect(held('checkout/record-order')).toContain('functions/lib/stripe-api.ts');
});

it('no function carries the built-in test card processor, which AWS never uses', () => {
  const processor = 'functions/domain/checkout/payments/test-processor.ts';
  const sizes = everyBundle().flatMap(({ entry, inputs }) =>
    inputs.filter(([file]) => file.endsWith(processor)).map(([, input]) => [entry, input.bytesInOutput] as const),
  );
  // Its CardError class stays where the test card step catches it; the processor (about 6 KB) is compiled out.
  expect(sizes.filter(([, bytes]) => bytes > 500)).toEqual([]);
  expect(held('checkout/record-order')).not.toContain(processor);
});
