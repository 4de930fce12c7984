import { readFileSync } from 'node:fs';
import { FIRST_SCREEN_FILES, NOT_FOUND_PATH, siteAnswer, SPA_ROUTE_PATTERN, SPA_ROUTES } from '#shared/pages';
import {
  API_ORIGIN_ID,
  CLOUDFRONT_FUNCTION_MAX_BYTES,
  SPA_ROUTING_CODE,
  SPA_ROUTING_FILE,
  spaRoutingCode,
} from '../lib/spa-routing';
import { FULL_CONTEXT, resourcesOf, synthShop } from './synth';

/**
 * The CloudFront routing function (infra/lib/spa-routing-function.js) on sample requests: the code CloudFront runs,
 * with its constants filled in, run here with the runtime's `cloudfront` module (its import line) standing in as a
 * recorder of the origin it selects. No synth, except to check that the template holds exactly this code.
 */
type Answer = { uri?: string; statusCode?: number; headers?: Record<string, { value: string }>; origin: string | null };
type Query = Record<string, { value: string; multiValue?: { value: string }[] }>;

function run(uri: string, querystring: Query = {}, code = SPA_ROUTING_CODE): Answer {
  const [importLine, ...rest] = code.split('\n');
  expect(importLine).toBe("import cf from 'cloudfront';");
  let origin: string | null = null;
  const cf = { selectRequestOriginById: (id: string) => (origin = id) };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the CloudFront function's code, which is the point of the test
  const handler = new Function('cf', `${rest.join('\n')}\nreturn handler;`)(cf) as (
    event: unknown,
  ) => Omit<Answer, 'origin'>;
  const answer = handler({ request: { uri, method: 'GET', headers: {}, querystring, cookies: {} } });
  return { ...answer, origin };
}

describe('the code CloudFront runs', () => {
  test('is spa-routing-function.js from its import line, with the SPA routes, the API origin and the not-found path filled in', () => {
    const source = readFileSync(SPA_ROUTING_FILE, 'utf8');
    expect(source.startsWith('/*')).toBe(true);
    expect(SPA_ROUTING_CODE.startsWith("import cf from 'cloudfront';")).toBe(true);
    // The file's own comment stays in the repository, out of CloudFront's 10 KB.
    expect(SPA_ROUTING_CODE).not.toContain('infra/test/spa-routing.test.ts');
    expect(SPA_ROUTING_CODE).toContain(`var SPA_ROUTE = new RegExp(${JSON.stringify(SPA_ROUTE_PATTERN)});`);
    expect(SPA_ROUTING_CODE).toContain(`cf.selectRequestOriginById('${API_ORIGIN_ID}');`);
    expect(SPA_ROUTING_CODE).toContain(`request.uri = '${NOT_FOUND_PATH}';`);
    expect(SPA_ROUTING_CODE).not.toMatch(/\b(SPA_ROUTE_PATTERN|API_ORIGIN_ID|NOT_FOUND_PATH)\b/);
  });

  test(`fits CloudFront's limit of ${CLOUDFRONT_FUNCTION_MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(SPA_ROUTING_CODE, 'utf8')).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
  });

  test('a source without the cloudfront import is refused (runtime 2.0 selects origins through it)', () => {
    expect(() => spaRoutingCode('function handler(event) { return event.request; }')).toThrow(
      /must import the cloudfront module/,
    );
  });

  test('the template holds exactly this code, on the 2.0 runtime, selecting the origin the distribution names', () => {
    const { template } = synthShop({ context: FULL_CONTEXT });
    const [fn] = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'));
    expect(fn.Properties.FunctionCode).toBe(SPA_ROUTING_CODE);
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const config = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties
      .DistributionConfig;
    const apiBehaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(apiBehaviour.TargetOriginId).toBe(API_ORIGIN_ID);
    expect(config.Origins.map((origin: { Id: string }) => origin.Id)).toContain(API_ORIGIN_ID);
  });
});

describe('the SPA routing function (run on sample requests)', () => {
  test.each(['/product/42', '/product-list/hot', '/reset-password', '/admin/products', '/orderconfirmation'])(
    'SPA route %s -> /index.html',
    (uri) => {
      expect(run(uri).uri).toBe('/index.html');
    },
  );

  test('every route of the SPA (shared/pages.ts SPA_ROUTES) gets index.html, or its first screen, from the SPA bucket', () => {
    for (const route of SPA_ROUTES.filter((r) => r !== '/')) {
      const uri = route.replace(/:[A-Za-z]+/g, 'x1');
      expect(run(uri)).toEqual(
        expect.objectContaining({ uri: FIRST_SCREEN_FILES[uri] ?? '/index.html', origin: null }),
      );
    }
  });

  test.each([
    ['/cart', '/first/cart.html'],
    ['/cart/shipping', '/first/cart-shipping.html'],
    ['/cart/payment', '/first/cart-payment.html'],
    ['/order-status', '/first/order-status.html'],
    ['/gift-cards/balance', '/first/gift-card-balance.html'],
    ['/gift-cards/x', '/404'],
    ['/cart/x', '/404'],
  ])('a page with a first screen of its own, %s -> %s (docs/decisions/0120)', (uri, file) => {
    expect(run(uri).uri).toBe(file);
  });

  test.each(['/', '/index.html'])(
    'the home page %s comes from the page function (its canonical URL and Open Graph tags)',
    (uri) => {
      expect(run(uri)).toEqual(expect.objectContaining({ uri: '/', origin: API_ORIGIN_ID }));
    },
  );

  test.each(['/nothere', '/a/b/c', '/product', '/admin/nothing/here', '/cartt'])(
    "unknown %s -> the page function's not-found page (404), never index.html",
    (uri) => {
      expect(run(uri)).toEqual(expect.objectContaining({ uri: NOT_FOUND_PATH, origin: API_ORIGIN_ID }));
    },
  );

  test('a trailing slash is a 301 to the address without it, query kept, never to another host', () => {
    const answer = run('/cart/');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers!.location.value).toBe('/cart');
    expect(answer.headers!['cache-control'].value).toBe('public, max-age=3600');
    expect(run('/search/', { q: { value: 'candle' }, pages: { value: '2' } }).headers!.location.value).toBe(
      '/search?q=candle&pages=2',
    );
    expect(
      run('/search/', { tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] }, empty: { value: '' } })
        .headers!.location.value,
    ).toBe('/search?tag=a&tag=b&empty');
    expect(run('/about-us/').headers!.location.value).toBe('/about-us');
    expect(run('//evil.example/').headers!.location.value).toBe('/evil.example');
  });

  test('the same answer as the local gateway (shared/pages.ts siteAnswer) on sample addresses', () => {
    const kindOf = (answer: Answer) =>
      answer.statusCode === 301
        ? 'redirect'
        : answer.uri === NOT_FOUND_PATH
          ? 'not-found'
          : answer.origin
            ? 'page'
            : answer.uri === '/index.html' || Object.values(FIRST_SCREEN_FILES).includes(answer.uri ?? '')
              ? 'spa'
              : 'file';
    for (const uri of [
      '/',
      '/index.html',
      '/cart',
      '/cart/',
      '/account/orders/A1',
      '/admin',
      '/admin/orders/pending',
      '/nope',
      '/x/y/',
      '/favicon.svg',
      '/assets/a.js',
      '/config.json',
      '/missing.png',
      '/.well-known/apple-developer-merchantid-domain-association',
      '/.well-known/security',
    ]) {
      expect([uri, kindOf(run(uri))]).toEqual([uri, siteAnswer(uri).kind]);
    }
  });

  test.each([
    '/config.json',
    '/assets/index-4f3a.js',
    '/favicon.svg',
    '/banners/fall.webp',
    '/missing.png',
    '/og-image.jpg',
  ])('file %s is left alone', (uri) => {
    expect(run(uri)).toEqual(expect.objectContaining({ uri, origin: null }));
  });
});
