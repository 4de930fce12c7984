import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_BODY_BYTES } from '#shared/schemas/common';
import { ROUTES, type RouteDef } from '#shared/routes';
import { refusesSomething } from '#shared/openapi';
import { GATEWAY_UNAUTHORIZED } from '#shared/sign-in';
import { RATE_LIMIT_GROUPS, isCognitoGroup } from '#shared/rate-limits';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { documentClient, tableName } from '../db/client';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { badTokens } from '#tests/jwt';

const scanCount = async () =>
  (await documentClient().send(new ScanCommand({ TableName: tableName(), Select: 'COUNT' }))).Count;

/** Contract tests generated from the route table: every route, present and future, gets them. */
const routes = ROUTES as readonly RouteDef[];
const BAD_TOKENS = badTokens();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- every handler of the route table, by its path, as the local gateway loads them
const load = (route: RouteDef) => require(path.join(__dirname, `${route.handler}.ts`)).handler;
/**
 * Path parameter values the shop makes (a product id, a promo code, an order number, a request id, an upload id, a gift
 * card id): each parameter takes one.
 */
const GOOD_VALUES = [
  'x1',
  'CODE1',
  'pi_contract1',
  'pi_contract1_r1',
  '0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b',
  'gc_0f8b3c2e5a6d4e7f8a9b0c1d2e3f4a5b',
];
/**
 * Values a shop id never is (empty, spaces, too long, markup, punctuation): a parameter's schema refuses at least one.
 */
const BAD_VALUES = ['<x>', '!', 'x'.repeat(300), ' ', ''];
const names = (route: RouteDef) => [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
const schemaOf = (route: RouteDef, name: string) => route.params?.[name];
const goodValue = (route: RouteDef, name: string) =>
  GOOD_VALUES.find((value) => schemaOf(route, name)?.safeParse(value).success) ?? 'x1';
const params = (route: RouteDef, override: Record<string, string> = {}) => ({
  ...Object.fromEntries(names(route).map((name) => [name, goodValue(route, name)])),
  ...override,
});
const concrete = (route: RouteDef, values: Record<string, string>) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
const call = (
  route: RouteDef,
  extra: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    params?: Record<string, string>;
    contentType?: string | null;
  } = {},
) => {
  const values = params(route, extra.params);
  return invoke(load(route), {
    method: route.method,
    path: concrete(route, values),
    routePath: route.path,
    ...extra,
    params: values,
  });
};

let customerToken: string;
let adminToken: string;
// The page function reads the SPA's shell (web/dist/index.html in AWS's SPA bucket).
const webDir = mkdtempSync(path.join(os.tmpdir(), 'shop-contract-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));
beforeAll(async () => {
  process.env.WEB_DIR = webDir;
  await useFreshTable();
  [customerToken, adminToken] = (await Promise.all([signInNewUser(), signInNewUser({ admin: true })])).map(
    (user) => user.token,
  );
});

/** The groups an entry may name: those that count API routes (Cognito's are the user pool's). */
const API_GROUPS = RATE_LIMIT_GROUPS.filter((group) => !isCognitoGroup(group)).map((group) => group.id);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Content types a page of another site can post without asking first, and other bodies that are not JSON. */
const NOT_JSON: [string, string | null][] = [
  ['text/plain', 'text/plain'],
  ['text/plain with a charset', 'text/plain;charset=UTF-8'],
  ['form data', 'application/x-www-form-urlencoded'],
  ['multipart', 'multipart/form-data; boundary=x'],
  ['no Content-Type', null],
  ['JSON-like but not JSON', 'application/jsonp'],
];

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  it('has its handler module', () => {
    expect(existsSync(path.join(__dirname, `${route.handler}.ts`))).toBe(true);
  });

  if (route.access === 'public' && WRITES.has(route.method)) {
    it('names its rate limit group, or says why it needs none', () => {
      const limit = route.rateLimit;
      if (typeof limit === 'object') expect(limit.none.trim().length).toBeGreaterThan(20);
      else expect(API_GROUPS).toContain(limit);
    });
  }

  if (typeof route.rateLimit === 'string') {
    it('names a group of shared/rate-limits.ts that counts API routes', () => {
      expect(API_GROUPS).toContain(route.rateLimit);
    });
  }

  it('says how it reads a body: a JSON `body` schema, or `bodyType` form or raw (raw with its signature header)', () => {
    if (route.body) expect(route.bodyType).toBeUndefined();
    expect(Boolean(route.rawBody)).toBe(route.bodyType === 'raw');
  });

  if (route.access !== 'public') {
    it('answers 401 without a token: API Gateway’s own answer, from the route’s JWT authorizer', async () => {
      const { status, body } = await call(route);
      expect(status).toBe(401);
      expect(body).toEqual(GATEWAY_UNAUTHORIZED);
    });
  }

  if (route.access !== 'public') {
    it.each(Object.keys(BAD_TOKENS))('answers 401 to a token that is %s', async (kind) => {
      const { status, body } = await call(route, { token: BAD_TOKENS[kind] });
      expect(status).toBe(401);
      // The authorizer does not look at token_use: an ID token of the web client reaches the function, which refuses
      // it in the shop's error format; every other bad token is refused by the authorizer.
      if (kind === 'id token') expect(body.error.code).toBe('unauthorized');
      else expect(body).toEqual(GATEWAY_UNAUTHORIZED);
    });
  }

  if (route.access === 'admin') {
    it('answers 403 to a customer token', async () => {
      const { status, body } = await call(route, { token: customerToken });
      expect(status).toBe(403);
      expect(body.error.code).toBe('forbidden');
    });
  }

  for (const name of names(route)) {
    const token = () => ({ public: undefined, user: customerToken, admin: adminToken })[route.access];
    const schema = schemaOf(route, name);
    it(`has {${name}} in the route table with its schema, which takes the values the shop makes`, () => {
      expect(schema).toBeDefined();
      expect(schema!.safeParse(goodValue(route, name)).success).toBe(true);
    });
    if (!route.answers) {
      it(`answers 400 naming {${name}} to a value its schema refuses, and stores nothing`, async () => {
        const bad = BAD_VALUES.find((value) => !schema!.safeParse(value).success);
        expect(bad).toBeDefined();
        const before = await scanCount();
        const { status, body } = await call(route, {
          token: token(),
          params: { [name]: bad! },
          ...(route.body ? { body: {} } : {}),
        });
        expect(status).toBe(400);
        expect(body.error.code).toBe('validation_failed');
        expect(Object.keys(body.error.fields)).toEqual([name]);
        expect(await scanCount()).toBe(before);
      });
    } else {
      it(`is a page: any {${name}} is read by the page (an unknown one is a 404 page), never refused as JSON`, async () => {
        expect(refusesSomething(schema!)).toBe(false);
        const { status, headers } = await call(route, { params: { [name]: '<x>' } });
        expect([200, 404]).toContain(status);
        expect(headers['content-type']).toMatch(/^text\/html/);
      });
    }
  }

  if (route.body) {
    const token = () => ({ public: undefined, user: customerToken, admin: adminToken })[route.access];
    it('answers 400 to malformed JSON', async () => {
      const { status, body } = await call(route, { token: token(), body: '{"cart": [' });
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
    });

    it('answers 400 with field messages when every field has the wrong type, and stores nothing', async () => {
      const fields = Object.keys((route.body as unknown as { shape: Record<string, unknown> }).shape);
      expect(fields.length).toBeGreaterThan(0);
      const before = await scanCount();
      // An array of arrays is the wrong type for every field of every body (strings, numbers, objects, lists of
      // records).
      const { status, body } = await call(route, {
        token: token(),
        body: Object.fromEntries(fields.map((field) => [field, [[]]])),
      });
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields ?? {}).length).toBeGreaterThan(0);
      expect(await scanCount()).toBe(before);
    });

    it('never answers 5xx to arbitrary JSON bodies, and a rejected body stores nothing (property-based)', async () => {
      const before = await scanCount();
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.object(),
            fc.dictionary(
              fc.constantFrom('cart', 'rating', 'profiles', 'index', 'name', 'email', 'orderNumber', 'price', 'role'),
              fc.anything(),
            ),
          ),
          async (body) => {
            const { status } = await call(route, { token: token(), body });
            expect(status).toBeLessThan(500);
            if (status < 400) accepted++;
          },
        ),
        { numRuns: 12 },
      );
      // A body that happened to be valid (e.g. an empty cart) may be stored; otherwise the table is unchanged.
      if (accepted === 0) expect(await scanCount()).toBe(before);
    });

    it.each(NOT_JSON)(
      'answers 415 to a body sent as %s (a page of another site posts these without asking), and stores nothing',
      async (_kind, contentType) => {
        const before = await scanCount();
        const mails = sentMails().length;
        const { status, body } = await call(route, { token: token(), contentType, body: '{}' });
        expect(status).toBe(415);
        expect(body.error).toEqual({
          code: 'unsupported_media_type',
          message: 'Send this as JSON (Content-Type: application/json).',
        });
        expect(await scanCount()).toBe(before);
        expect(sentMails().length).toBe(mails);
      },
    );

    it('reads JSON sent with parameters (`application/json; charset=utf-8`), and a request without a body', async () => {
      for (const contentType of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
        const { status } = await call(route, { token: token(), contentType, body: '{}' });
        expect({ contentType, status }).not.toEqual({ contentType, status: 415 });
      }
      const { status } = await call(route, { token: token(), contentType: null });
      expect(status).not.toBe(415);
    });

    it('answers 413 to a body over the limit', async () => {
      const { status } = await call(route, {
        token: token(),
        body: JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }),
      });
      expect(status).toBe(413);
    });
  }

  if (route.query) {
    const token = () => ({ public: undefined, user: customerToken, admin: adminToken })[route.access];
    it('answers 400 with field messages to a query string its schema refuses (query schemas are strict objects)', async () => {
      const { status, body } = await call(route, { token: token(), query: { unknownParameter: 'x' } });
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
    });

    it('never answers 5xx to arbitrary query strings (property-based)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 200 })), async (query) => {
          const { status } = await call(route, { token: token(), query });
          expect(status).toBeLessThan(500);
        }),
        { numRuns: 12 },
      );
    });
  }
});
