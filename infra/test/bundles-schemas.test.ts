import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { ROUTE_LIST } from '#shared/routes';
import { lambdaBundleOptions } from '../lib/bundle-defines';

/**
 * What the functions' bundles, built as the stack builds them, must not carry: the Stripe package (the shop's own
 * client calls Stripe, decision 0136) and the built-in test card processor, which AWS never uses.
 */
const ROOT = path.resolve(__dirname, '..', '..');

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
