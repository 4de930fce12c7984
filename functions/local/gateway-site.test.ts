import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SPA_ROUTES } from '#shared/pages';
import { ROUTE_LIST } from '#shared/routes';
import { createIndexedProduct } from '../domain/catalog/tag-index';
import { useFreshTable } from '#tests/helpers';
import { createGateway } from './gateway';

/**
 * Addresses no API or page behaviour takes, as CloudFront's default behaviour and its routing function answer
 * them (shared/pages.ts siteAnswer): every route of the SPA 200, a trailing slash 301 to the address without it,
 * the home page from the page function, anything else the not-found page with a 404 (no soft 404s).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-gateway-site-'));
const web = path.join(dir, 'web');
mkdirSync(path.join(web, 'assets'), { recursive: true });
writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><title>Seasonal Shop</title><meta name="description" content="x" /></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>',
);
writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(web, 'assets', 'index-1.js'), 'console.log(1)');

let server: http.Server;
let port = 0;
const webDir = process.env.WEB_DIR;
beforeAll(async () => {
  await useFreshTable();
  process.env.WEB_DIR = web;
  delete process.env.SITE_URL;
  await createIndexedProduct({
    id: 'pumpkin-patch-tee',
    name: 'Pumpkin Patch Tee',
    description: 'Soft.',
    price: 2000,
    tag: 'tees',
    image: '/images/products/old.svg',
    stock: { CANDLE: 1 },
  });
  // The shop is reached as http://shop.test (PUBLIC_URL): the gateway answers to that name, and pages link to it.
  server = createGateway({
    routes: ROUTE_LIST,
    webDir: web,
    imagesDir: path.join(dir, 'bucket'),
    config: {} as never,
    cognitoUrl: 'http://127.0.0.1:9',
    publicUrl: 'http://shop.test',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  process.env.WEB_DIR = webDir;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** A request with the path exactly as given; redirects are not followed. */
function raw(
  rawPath: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: rawPath, method, headers: { host: 'shop.test' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Every route of the SPA with its parameters filled in. */
const spaPaths = SPA_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, 'x1'));

it.each(spaPaths.filter((p) => !p.startsWith('/product')))('SPA route %s answers 200 with the SPA', async (route) => {
  const answer = await raw(route);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.body).toContain('<div id="root"></div>');
});

it('the home page comes from the page function: its canonical URL and og:url', async () => {
  const home = await raw('/');
  expect(home.status).toBe(200);
  expect(home.body).toContain('<link rel="canonical" href="http://shop.test/" />');
  expect(home.body).toContain('<meta property="og:url" content="http://shop.test/" />');
});

it.each(['/nothere', '/nothere?x=1', '/a/b/c', '/product', '/admin/nothing/here', '/account/orders', '/cartt'])(
  '%s answers 404 with the SPA (its not-found page), noindex',
  async (rawPath) => {
    const answer = await raw(rawPath);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<meta name="robots" content="noindex" />');
    expect(answer.body).toContain('<div id="root"></div>');
    expect((await raw(rawPath, 'HEAD')).status).toBe(404);
  },
);

it.each([
  ['/product/pumpkin-patch-tee/', '/product/pumpkin-patch-tee'],
  ['/product/no-such/', '/product/no-such'],
  ['/product-list/candles/', '/product-list/candles'],
  ['/about-us/', '/about-us'],
  ['/cart/', '/cart'],
  ['/admin/products/', '/admin/products'],
  ['/search/?q=candle', '/search?q=candle'],
  ['/nothere//', '/nothere'],
  ['/%2fevil.example/', '/%2fevil.example'],
])('%s is a 301 to %s', async (from, to) => {
  const answer = await raw(from);
  expect(answer.status).toBe(301);
  expect(answer.headers.location).toBe(to);
});

it('after the redirect: a product page with its head (200), an unknown product 404', async () => {
  const tee = await raw('/product/pumpkin-patch-tee');
  expect(tee.status).toBe(200);
  expect(tee.body).toContain('<link rel="canonical" href="http://shop.test/product/pumpkin-patch-tee" />');
  expect(tee.body).toContain('application/ld+json');
  expect((await raw('/product/no-such')).status).toBe(404);
});

it('files are files: present 200, missing 404; a POST to a page address is refused', async () => {
  expect((await raw('/favicon.svg')).status).toBe(200);
  expect((await raw('/assets/index-1.js')).status).toBe(200);
  expect((await raw('/missing.png')).status).toBe(404);
  expect((await raw('/nothere', 'POST')).status).toBe(403);
});
