import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { JOBS } from '#shared/jobs';
import { ROUTE_LIST } from '#shared/routes';
import type { Service } from '#shared/routes/types';
import { lambdaBundleOptions } from '../lib/bundle-defines';

/**
 * The functions call Stripe and AWS through their makers' clients (docs/decisions/0141): the `stripe` package and the
 * AWS SDK v3 clients, never an HTTP client, request signer or webhook check written here. Two kinds of check: the
 * source of functions/ (the stand-ins under functions/local and the tests aside) holds none of the marks such code
 * leaves, and each function's bundle, as the stack builds it, carries the client of each service its entry uses.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const FUNCTIONS = path.join(ROOT, 'functions');

/**
 * A spreadsheet's photo fetched from the https address the owner's file names (issue 55, docs/decisions/0151): any
 * host, no service's API; Node's https with a look-up of its own, so that it never connects to a private address.
 */
const PHOTO_FETCH = 'functions/domain/catalog-sheet/fetch-image.ts';
const PHOTO_FETCH_WHY = "a catalogue photo from the owner's file's address, checked to be a public one";

/** What a hand-written client or signer for Stripe or AWS leaves in the source, and the one file each may be in. */
const MARKS: { name: string; pattern: RegExp; onlyIn?: string | readonly string[]; why?: string }[] = [
  {
    name: 'node:http(s) requests',
    pattern: /from ['"](node:)?https?['"]|require\(['"](node:)?https?['"]\)/,
    onlyIn: PHOTO_FETCH,
    why: PHOTO_FETCH_WHY,
  },
  {
    name: 'sockets or undici',
    pattern: /from ['"](node:)?(net|tls)['"]|['"]undici['"]/,
    onlyIn: PHOTO_FETCH,
    why: PHOTO_FETCH_WHY,
  },
  {
    name: 'fetch calls',
    pattern: /(?<!async\s+|[\w.$])fetch\s*\(/,
    onlyIn: ['functions/lib/jwt-authorizer.ts', 'functions/domain/money/shipping/labels.ts'],
    why: "aws-jwt-verify's read of the user pool's public keys (its own fetcher speaks https only; the local pool is http); a bought label's PDF from the file address EasyPost answers (a plain file, which its client does not download)",
  },
  {
    name: 'HMAC signing',
    pattern: /createHmac|subtle\.sign/,
    onlyIn: 'functions/lib/signed-tokens.ts',
    why: "the shop's own mail-link tokens (decision 0084), no request to a service",
  },
  {
    name: 'AWS Signature Version 4',
    pattern:
      /AWS4-HMAC-SHA256|aws4_request|X-Amz-(Signature|Credential|Algorithm|Date|Expires)|x-amz-(content-sha256|date|target|security-token)/i,
  },
  {
    name: "Stripe's HTTP API by hand",
    pattern:
      /Stripe-Version|api\.stripe\.com|Idempotency-Key|\/v1\/(payment_intents|refunds|tax\/)|x-www-form-urlencoded/i,
  },
];

/** The source files of functions/ that ship: every .ts but the tests and the local stand-ins. */
function shippedSources(dir = FUNCTIONS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join(FUNCTIONS, 'local') ? [] : shippedSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.relative(ROOT, file)] : [];
  });
}

/** Each mark found where it may not be: `file: mark`. */
function marksIn(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    MARKS.filter(({ pattern, onlyIn }) => ![onlyIn ?? []].flat().includes(file) && pattern.test(text)).map(
      ({ name }) => `${file}: ${name}`,
    ),
  );
}

describe('functions/ holds no client or signer of its own for Stripe or AWS', () => {
  it('no shipped source carries the marks of one', () => {
    const files = shippedSources().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(200);
    expect(marksIn(files)).toEqual([]);
  });

  it('the check finds what the hand-written clients were made of (it can fail)', () => {
    const removed = [
      "import https from 'node:https';",
      "const hmac = (key, data) => createHmac('sha256', key).update(data).digest();",
      'const scope = `${day}/${region}/${service}/aws4_request`;',
      "query['X-Amz-Signature'] = signature;",
      "headers['Stripe-Version'] = STRIPE_API_VERSION;",
      "const answer = await fetch(url, { method: 'POST' });",
      "return call('POST', '/v1/payment_intents', params);",
    ];
    expect(removed.map((text) => marksIn([{ file: 'functions/lib/mail.ts', text }]).length)).toEqual(
      removed.map(() => 1),
    );
    // Each allowed file is allowed its own mark only.
    expect(marksIn([{ file: 'functions/lib/jwt-authorizer.ts', text: 'await fetch(uri);' }])).toEqual([]);
    expect(marksIn([{ file: 'functions/lib/jwt-authorizer.ts', text: 'X-Amz-Signature' }])).toHaveLength(1);
    expect(marksIn([{ file: 'functions/lib/signed-tokens.ts', text: 'createHmac(' }])).toEqual([]);
  });
});

/** Each function the stack builds from functions/http or functions/jobs, with the services its entry uses. */
const functionsBuilt = [
  ...new Map(ROUTE_LIST.map((route) => [`http/${route.handler}`, route.uses ?? ([] as readonly Service[])])),
  ...JOBS.map((job) => [`jobs/${job.handler}`, job.uses ?? []] as const),
];

let outputOf: Map<string, Metafile['outputs'][string]>;

beforeAll(async () => {
  const result = await build({
    entryPoints: Object.fromEntries(functionsBuilt.map(([name]) => [name, path.join(FUNCTIONS, `${name}.ts`)])),
    outdir: '/bundles',
    write: false,
    // As the stack builds them (infra/lib/shop-function.ts).
    ...lambdaBundleOptions(),
    external: ['sharp'],
    metafile: true,
    logLevel: 'silent',
  });
  outputOf = new Map(
    Object.values(result.metafile.outputs)
      .filter((output) => output.entryPoint)
      .map((output) => [path.relative(FUNCTIONS, path.resolve(ROOT, output.entryPoint!)).replace(/\.ts$/, ''), output]),
  );
}, 120_000);

/** Bytes of a package (its folder in node_modules) in a function's bundle. */
function bytesOf(name: string, pkg: string): number {
  const output = outputOf.get(name);
  if (!output) throw new Error(`no bundle for ${name}`);
  return Object.entries(output.inputs)
    .filter(([file]) => file.includes(`node_modules/${pkg}/`))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}
const using = (service: Service) => functionsBuilt.filter(([, uses]) => uses.includes(service)).map(([name]) => name);
const carrying = (pkg: string) => functionsBuilt.map(([name]) => name).filter((name) => bytesOf(name, pkg) > 0);

describe('each function carries the makers’ clients of the services it uses', () => {
  it('every function that calls Stripe carries the `stripe` package, and no other function does', () => {
    const stripe = using('stripe');
    expect(stripe.length).toBeGreaterThan(10);
    for (const name of stripe) expect([name, bytesOf(name, 'stripe') > 100_000]).toEqual([name, true]);
    expect(carrying('stripe').sort()).toEqual([...stripe].sort());
  });

  it('the S3 functions use the S3 client (and the presigner where they hand out an address)', () => {
    // `site` gives a function the shop's origin and read access to the SPA's bucket: the page function reads its
    // index.html there; the feeds and the catalogue's settings use `origin`, the origin alone.
    const s3 = [...using('s3'), 'http/pages/render-page'];
    expect(s3).toEqual(expect.arrayContaining(['http/admin/create-upload', 'http/pages/render-page']));
    for (const name of s3) expect([name, bytesOf(name, '@aws-sdk/client-s3') > 50_000]).toEqual([name, true]);
    const presigning = [
      'http/admin/create-upload',
      'http/quotes/create-artwork-upload',
      'http/quotes/get-artwork-link',
      'http/quotes/download-artwork',
    ];
    for (const name of presigning)
      expect([name, bytesOf(name, '@aws-sdk/s3-request-presigner') > 1_000]).toEqual([name, true]);
  });

  it('the mailing functions use the SES v2 client; the user pool is asked through the Cognito client', () => {
    for (const name of using('ses'))
      expect([name, bytesOf(name, '@aws-sdk/client-sesv2') > 20_000]).toEqual([name, true]);
    for (const name of using('cognito'))
      expect([name, bytesOf(name, '@aws-sdk/client-cognito-identity-provider') > 10_000]).toEqual([name, true]);
  });

  it('secrets come through the Secrets Manager client, business metrics through Powertools Metrics', () => {
    // Every route's function reads the front door's secret in AWS (functions/lib/origin.ts).
    for (const [name] of functionsBuilt.filter(([name]) => name.startsWith('http/')))
      expect([name, bytesOf(name, '@aws-sdk/client-secrets-manager') > 10_000]).toEqual([name, true]);
    expect(bytesOf('http/checkout/record-order', '@aws-lambda-powertools/metrics')).toBeGreaterThan(5_000);
  });

  it('no bundle is over 1.5 MB (a tripwire: a whole SDK or a second copy pulled in by mistake)', () => {
    const over = [...outputOf].filter(([, output]) => output.bytes > 1.5 * 1024 * 1024).map(([name]) => name);
    expect(outputOf.size).toBeGreaterThan(80);
    expect(over).toEqual([]);
  });

  it('no function carries the built-in test card processor, which AWS never uses', () => {
    const processor = 'functions/domain/money/payments/test-processor.ts';
    const sizes = [...outputOf].map(([name, output]) => [name, output.inputs[processor]?.bytesInOutput ?? 0] as const);
    // Its CardError class stays where the test card step catches it; the processor (about 6 KB) is compiled out.
    expect(sizes.filter(([, bytes]) => bytes > 500)).toEqual([]);
    expect(outputOf.get('http/checkout/record-order')!.inputs[processor]?.bytesInOutput ?? 0).toBeLessThan(100);
  });
});
