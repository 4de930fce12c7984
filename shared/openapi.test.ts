import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_EXTENSION,
  answerSchema,
  answerSchemaName,
  BEARER_SCHEME,
  declaredStatuses,
  openApiDocument,
  operationIds,
  requestSchema,
  requestSchemaName,
  SITE_FILES,
  SITE_JSON,
  type OpenApiDocument,
} from './openapi';
import { ORDER_NUMBER_INPUT } from './order-number';
import { runtimeConfigSchema } from './schemas/common';
import { ADMIN_GROUP } from './roles';
import { ROUTE_LIST, routeId, type RouteDef } from './routes';
import * as z from './schemas/zod';

const ROOT = path.resolve(__dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'shop-openapi-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Validates a document against the OpenAPI schema of its version with @seriousme/openapi-schema-validator (an
 * ES module that reads its schemas through import.meta, so it runs in its own Node process, not under Jest).
 */
function validateOpenApi(document: unknown): { valid: boolean; version: string; errors: unknown } {
  const file = path.join(tmp, `doc-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document));
  const script = [
    "import { Validator } from '@seriousme/openapi-schema-validator';",
    'const validator = new Validator();',
    `const result = await validator.validate(JSON.parse((await import('node:fs')).readFileSync(${JSON.stringify(file)}, 'utf8')));`,
    'process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));',
  ].join('\n');
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
  );
}

const doc = openApiDocument();
const ids = operationIds(ROUTE_LIST);
const operationOf = (document: OpenApiDocument, route: Pick<RouteDef, 'method' | 'path'>) =>
  document.paths[route.path]?.[route.method.toLowerCase()] as Record<string, unknown> | undefined;

describe('the OpenAPI document of the route table', () => {
  test('is valid OpenAPI 3.1 (the validator also refuses a broken one)', () => {
    const result = validateOpenApi(doc);
    expect(result.errors).toBeNull();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    const broken = { ...doc, paths: { '/api/x': { get: { responses: 'none' } } } };
    expect(validateOpenApi(broken).valid).toBe(false);
  });

  test('has exactly one operation per route, under its path and method, with its summary', () => {
    const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(operations.sort()).toEqual(
      [
        ...ROUTE_LIST.map((route) => `${route.method} ${route.path}`),
        ...[...SITE_JSON, ...SITE_FILES].map((file) => `GET ${file.path}`),
      ].sort(),
    );
    for (const route of ROUTE_LIST) {
      expect(operationOf(doc, route)).toMatchObject({
        operationId: ids.get(route),
        summary: route.summary,
        tags: [route.handler.split('/')[0]],
      });
    }
  });

  test("every file at the root of the site (web/public) is described with its media type, so a root page's address (/{page}) does not seem to cover it", () => {
    const publicDir = path.join(__dirname, '..', 'web', 'public');
    const rootFiles = readdirSync(publicDir).filter((name) => statSync(path.join(publicDir, name)).isFile());
    expect(SITE_FILES.map((file) => file.path.slice(1)).sort()).toEqual(rootFiles.sort());
    for (const file of SITE_FILES) {
      const content = (doc.paths[file.path].get.responses as Record<string, { content?: Record<string, unknown> }>)[
        '200'
      ].content!;
      expect(Object.keys(content)).toEqual([file.type]);
    }
    // A name with an extension that is no file of the site: the error format, beside the not-found page.
    const notFound = (doc.paths['/{page}'].get.responses as Record<string, { content: Record<string, unknown> }>)['404']
      .content;
    expect(Object.keys(notFound).sort()).toEqual(['application/json', 'text/html']);
  });

  test('a 503 declares the Retry-After header the shop sends with it', () => {
    const health = doc.paths['/api/health'].get.responses as Record<string, { headers?: Record<string, unknown> }>;
    expect(health['503'].headers).toHaveProperty('Retry-After');
  });

  test('operation ids are unique (OpenAPI requires it; client generators name methods by them), the route id where one handler serves one route', () => {
    const all = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(all).toHaveLength(ROUTE_LIST.length + SITE_JSON.length + SITE_FILES.length);
    expect(new Set(all).size).toBe(all.length);
    const single = ROUTE_LIST.filter(
      (route) => ROUTE_LIST.filter((other) => other.handler === route.handler).length === 1,
    );
    for (const route of single) expect(operationOf(doc, route)!.operationId).toBe(routeId(route));
    expect(operationOf(doc, { method: 'GET', path: '/api/admin/promo-codes' })!.operationId).toBe(
      'AdminListPromoCodes',
    );
    expect(operationOf(doc, { method: 'POST', path: '/api/admin/promo-codes' })!.operationId).toBe(
      'AdminCreatePromoCode',
    );
    expect(operationOf(doc, { method: 'GET', path: '/product/{id}' })!.operationId).toBe('PagesRenderPageGetProductId');
  });

  test.each(
    ROUTE_LIST.filter((route) => route.query).map((route) => [`${route.method} ${route.path}`, route] as const),
  )('%s: its query parameters, from the shared zod schema', (_name, route) => {
    const op = operationOf(doc, route)!;
    const fromZod = z.toJSONSchema(route.query!, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, unknown>;
      required?: string[];
    };
    const query = (op.parameters as { name: string; in: string; required: boolean }[]).filter(
      (parameter) => parameter.in === 'query',
    );
    expect(query.map((parameter) => parameter.name).sort()).toEqual(Object.keys(fromZod.properties).sort());
    for (const parameter of query) expect(parameter.required).toBe((fromZod.required ?? []).includes(parameter.name));
    expect(Object.keys(op.responses as object)).toContain('400');
  });

  test('the list of products names its sort values and the limit; routes without a query schema have no query parameters', () => {
    const list = operationOf(doc, { method: 'GET', path: '/api/products' })!.parameters as {
      name: string;
      schema: Record<string, unknown>;
    }[];
    expect(list.find((parameter) => parameter.name === 'sort')!.schema).toMatchObject({
      enum: ['newest', 'price-asc', 'price-desc', 'rating'],
    });
    expect(list.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['category', 'sort', 'limit', 'cursor']),
    );
    for (const route of ROUTE_LIST.filter((r) => !r.query)) {
      expect(
        ((operationOf(doc, route)!.parameters ?? []) as { in: string }[]).filter(
          (parameter) => parameter.in === 'query',
        ),
      ).toEqual([]);
    }
  });

  test('crawler pages answer HTML, the sitemap XML and robots.txt text, not JSON; an unknown page is a page too', () => {
    const responses = (path: string) =>
      operationOf(doc, { method: 'GET', path })!.responses as Record<string, { content?: object }>;
    expect(Object.keys(responses('/product/{id}')['200'].content!)).toEqual(['text/html']);
    expect(Object.keys(responses('/product/{id}')['404'].content!)).toEqual(['text/html']);
    expect(Object.keys(responses('/sitemap.xml')['200'].content!)).toEqual(['application/xml']);
    expect(Object.keys(responses('/robots.txt')['200'].content!)).toEqual(['text/plain']);
    expect(Object.keys(responses('/api/products/{id}')['200'].content!)).toEqual(['application/json']);
  });

  test('every 2XX JSON answer has its schema, from the shared zod schema of the route (what the shop sends: zod output)', () => {
    // A route whose only success sends the client on (303 with Location) has no body to describe.
    for (const route of ROUTE_LIST.filter((r) => !r.answers && (r.success ?? [200]).some((status) => status < 300))) {
      expect([`${route.method} ${route.path}`, route.answer === undefined]).toEqual([
        `${route.method} ${route.path}`,
        false,
      ]);
      const name = answerSchemaName(ids.get(route)!);
      expect(doc.components.schemas[name]).toEqual(answerSchema(route.answer!));
    }
    let checked = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(
          op.responses as Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>,
        )) {
          const json = response.content?.['application/json'];
          if (!status.startsWith('2') || !json) continue;
          const ref = json.schema?.$ref;
          expect([`${method} ${p} ${status}`, typeof ref]).toEqual([`${method} ${p} ${status}`, 'string']);
          const schema = doc.components.schemas[ref!.split('/').pop()!] as { type?: string; anyOf?: unknown[] };
          expect(schema.type ?? schema.anyOf).toBeTruthy();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(ROUTE_LIST.filter((r) => !r.answers).length);
  });

  // Issue 25: statuses the shop answered that the document left out (Prism's validation proxy over the shop's traffic).
  test.each([
    ['GET', '/api/products/{id}', '404'],
    ['GET', '/auth/validateAdmin', '403'],
    ['POST', '/auth/create-payment-intent/guest', '409'],
    ['POST', '/auth/create-payment-intent/guest', '404'],
    ['POST', '/auth/create-payment-intent', '503'],
    ['POST', '/auth/adminOrders/guest', '404'],
    ['POST', '/auth/products/{id}/reviews', '403'],
    ['POST', '/api/admin/promo-codes', '409'],
    ['POST', '/api/orders/lookup', '404'],
  ] as const)('%s %s declares %s, with the error format and when', (method, path, status) => {
    const response = (
      operationOf(doc, { method, path })!.responses as Record<string, { description: string; content: object }>
    )[status];
    expect(response.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
    expect(response.description.length).toBeGreaterThan(20);
  });

  test('/config.json is described as the JSON it is (not matched by /{page} as HTML), with the runtime settings schema', () => {
    const op = operationOf(doc, { method: 'GET', path: '/config.json' })!;
    const ref = (op.responses as Record<string, { content: Record<string, { schema: { $ref: string } }> }>)['200']
      .content['application/json'].schema.$ref;
    expect(doc.components.schemas[ref.split('/').pop()!]).toEqual(answerSchema(runtimeConfigSchema));
    expect(doc.components.schemas[ref.split('/').pop()!]).toMatchObject({
      required: expect.arrayContaining(['userPoolId', 'paymentMode']),
    });
  });

  test.each(ROUTE_LIST.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: every status it declares, each with when',
    (_name, route) => {
      const responses = operationOf(doc, route)!.responses as Record<string, { description: string }>;
      const declared = declaredStatuses(route);
      expect(Object.keys(responses).sort()).toEqual([...declared.keys()].sort());
      for (const [status, when] of declared) expect(responses[status].description).toContain(when);
      // The API's throttle and the front door can refuse any request; a server error can happen anywhere.
      expect([...declared.keys()]).toEqual(expect.arrayContaining(['403', '429', '5XX']));
      expect(declared.has('503')).toBe(
        Boolean(route.uses?.includes('stripe') || (route.refusals as Record<number, unknown> | undefined)?.[503]),
      );
    },
  );

  test('every area has a described tag', () => {
    for (const tag of doc.tags) expect(tag.description).not.toBe(tag.name);
  });

  test.each(ROUTE_LIST.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: its auth kind',
    (_name, route) => {
      const op = operationOf(doc, route)!;
      expect(op[ACCESS_EXTENSION]).toBe(route.access);
      const expected = { public: [], user: [{ [BEARER_SCHEME]: [] }], admin: [{ [BEARER_SCHEME]: [ADMIN_GROUP] }] }[
        route.access
      ];
      expect(op.security).toEqual(expected);
      const responses = op.responses as Record<string, { description: string }>;
      expect('401' in responses).toBe(route.access !== 'public');
      expect(responses['403'].description.includes(`\`${ADMIN_GROUP}\` group`)).toBe(route.access === 'admin');
    },
  );

  test('user and admin routes use a bearer JWT (the Cognito access token); admin names the group', () => {
    expect(doc.components.securitySchemes[BEARER_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(String(doc.components.securitySchemes[BEARER_SCHEME].description)).toContain(`\`${ADMIN_GROUP}\` group`);
  });

  test.each(ROUTE_LIST.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: its body schema, from the shared zod schema',
    (_name, route) => {
      const op = operationOf(doc, route)!;
      if (route.rawBody) {
        // A body the handler reads as it came (Stripe's signed event): described, with the header that signs it.
        expect(op.requestBody).toMatchObject({
          required: true,
          description: route.rawBody.description,
          content: { 'application/json': { schema: { type: 'object' } } },
        });
        expect(op.parameters).toContainEqual(
          expect.objectContaining({ name: route.rawBody.signatureHeader, in: 'header', required: true }),
        );
        return;
      }
      if (route.bodyType === 'form') {
        // Form data the route may read (a mail client's one-click unsubscribe): described, optional.
        expect(op.requestBody).toMatchObject({
          required: false,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
        });
        expect(Object.keys(op.responses as object)).not.toContain('415');
        return;
      }
      if (!route.body) {
        expect(op.requestBody).toBeUndefined();
        expect(Object.keys(op.responses as object)).not.toContain('415');
        return;
      }
      const ref = `#/components/schemas/${requestSchemaName(ids.get(route)!)}`;
      expect(op.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: ref } } } });
      const schema = doc.components.schemas[requestSchemaName(ids.get(route)!)];
      expect(schema).toEqual(requestSchema(route.body));
      expect(schema).toEqual(expect.objectContaining({ type: 'object', properties: expect.any(Object) }));
      const fromZod = z.toJSONSchema(route.body, { io: 'input' }) as { required?: string[] };
      expect(schema.required).toEqual(fromZod.required);
      expect(Object.keys(op.responses as object)).toEqual(expect.arrayContaining(['400', '413', '415']));
      expect((op.responses as Record<string, { content: object }>)['415'].content).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      });
    },
  );

  test('path parameters are declared, required, each with the JSON Schema of its zod schema in the route table', () => {
    for (const route of ROUTE_LIST.filter((r) => r.path.includes('{'))) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
      expect(Object.keys(route.params ?? {}).sort()).toEqual([...names].sort());
      const inPath = (operationOf(doc, route)!.parameters as { in: string }[]).filter(
        (parameter) => parameter.in === 'path',
      );
      expect(inPath).toEqual(
        names.map((name) => ({
          name,
          in: 'path',
          required: true,
          schema: requestSchema((route.params as Record<string, z.ZodMiniType>)[name]),
        })),
      );
    }
    expect(operationOf(doc, { method: 'GET', path: '/auth/orders/{orderNumber}' })!.parameters).toEqual([
      {
        name: 'orderNumber',
        in: 'path',
        required: true,
        // An order's short number as typed (#1042, a replacement's #1042-R1) or an older order's payment id.
        schema: { type: 'string', maxLength: 140, pattern: ORDER_NUMBER_INPUT.source },
      },
    ]);
  });

  test('is driven by the table alone: a new route appears with its method, auth and body', () => {
    const added: RouteDef = {
      method: 'PATCH',
      path: '/api/admin/widgets/{widgetId}',
      handler: 'widgets/patch-widget',
      access: 'admin',
      table: 'readwrite',
      body: z.object({ colour: z.enum(['red', 'blue']), count: z.int().check(z.minimum(1)) }),
      answer: z.object({ colour: z.string() }),
      summary: 'Changes a widget',
    };
    const extended = openApiDocument([...ROUTE_LIST, added]);
    expect(operationOf(extended, added)).toMatchObject({
      operationId: 'WidgetsPatchWidget',
      [ACCESS_EXTENSION]: 'admin',
      security: [{ [BEARER_SCHEME]: [ADMIN_GROUP] }],
      parameters: [{ name: 'widgetId', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetsPatchWidgetAnswer' } } },
        },
      },
    });
    expect(extended.components.schemas.WidgetsPatchWidgetRequest).toMatchObject({
      type: 'object',
      properties: { colour: { enum: ['red', 'blue'] }, count: { type: 'integer', minimum: 1 } },
      required: ['colour', 'count'],
    });
    expect(extended.components.schemas.WidgetsPatchWidgetAnswer).toEqual({
      type: 'object',
      properties: { colour: { type: 'string' } },
      required: ['colour'],
      additionalProperties: false,
    });
    expect(extended.tags.map((tag) => tag.name)).toContain('widgets');
    expect(validateOpenApi(extended).valid).toBe(true);
  });
});
