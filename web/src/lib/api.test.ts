import { MESSAGES } from '#shared/messages';
import * as z from '#shared/schemas/zod';
import { jsonResponse, urlOf } from '../testing/render';
import { api, apiFile, ApiError, setSessionEnded, setTokenSource } from './api';

/**
 * The one API client (docs/decisions/0098): what a call answers or throws, for JSON and for a file alike, as the
 * pages meet it.
 */
const ok = z.object({ ok: z.boolean() });
let ended: jest.Mock;

beforeEach(() => {
  ended = jest.fn();
  setSessionEnded(ended);
  setTokenSource(async () => 'token');
});
afterAll(() => {
  setSessionEnded(() => {});
  setTokenSource(async () => null);
});

/** Every call answers `response`; the requests made are kept. */
function serve(response: Response | (() => Promise<Response>)) {
  const fetchMock = jest.fn(typeof response === 'function' ? response : async () => response);
  global.fetch = fetchMock;
  return fetchMock;
}
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as ApiError,
  );
/** A CSV answer, as the orders' download gets it. */
const csvResponse = (text: string, fileName?: string) =>
  ({
    ok: true,
    status: 200,
    headers: {
      get: (name: string) =>
        name.toLowerCase() === 'content-disposition' && fileName ? `attachment; filename="${fileName}"` : null,
    },
    text: async () => text,
  }) as unknown as Response;

it('sends JSON with the token when asked, and answers the body as the schema reads it', async () => {
  const fetchMock = serve(jsonResponse(200, { ok: true }));
  expect(await api('/auth/cart', ok, { auth: true, body: { cart: [] } })).toEqual({ ok: true });
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect([url, init.method, init.body]).toEqual(['/auth/cart', 'POST', '{"cart":[]}']);
  expect(init.headers).toEqual({
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: 'Bearer token',
  });
});

it("the server's error format becomes an ApiError with its status, code, message and field messages", async () => {
  const fields = { 'shippingAddress.zip': 'Please enter a valid ZIP code.' };
  serve(jsonResponse(400, { error: { code: 'validation', message: 'Please check the form.', fields } }));
  const error = await refusal(api('/auth/create-payment-intent', ok, { auth: true, body: {} }));
  expect(error).toBeInstanceOf(ApiError);
  expect([error.status, error.code, error.message, error.fields]).toEqual([
    400,
    'validation',
    'Please check the form.',
    fields,
  ]);
});

it("a 429 carries its Retry-After in seconds, with the server's words; one without a usable header carries none", async () => {
  serve(jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many tries.' } }, { 'retry-after': '42' }));
  const limited = await refusal(api('/api/promo-codes/check', ok, { body: {} }));
  expect([limited.status, limited.message, limited.retryAfterSeconds]).toEqual([429, 'Too many tries.', 42]);
  // WAF's own 429 page is not the error format: the spec's "Server error", and still the wait.
  serve({ ...jsonResponse(429, {}, { 'retry-after': '7' }), text: async () => '<html>Too Many</html>' });
  const waf = await refusal(api('/api/promo-codes/check', ok, { body: {} }));
  expect([waf.code, waf.message, waf.retryAfterSeconds]).toEqual(['server_error', MESSAGES.serverError, 7]);
  serve(jsonResponse(429, {}, { 'retry-after': 'soon' }));
  expect((await refusal(api('/api/promo-codes/check', ok, { body: {} }))).retryAfterSeconds).toBeUndefined();
});

it('a failed network is status 0 with the network message; an aborted call stays an abort', async () => {
  serve(async () => {
    throw new TypeError('Failed to fetch');
  });
  const error = await refusal(api('/api/products', ok));
  expect([error.status, error.code, error.message]).toEqual([0, 'network_error', MESSAGES.networkError]);
  serve(async () => {
    throw Object.assign(new Error('aborted'), { name: 'AbortError' });
  });
  expect((await refusal(api('/api/products', ok))).name).toBe('AbortError');
});

it('a signed-in call without a token asks nothing and says to sign in', async () => {
  setTokenSource(async () => null);
  const fetchMock = serve(jsonResponse(200, { ok: true }));
  const error = await refusal(api('/auth/cart', ok, { auth: true }));
  expect([error.status, error.message]).toEqual([401, 'Please sign in.']);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(ended).not.toHaveBeenCalled();
});

it("a 401 to a call that carried a token ends the session (once per refusal); a public call's 401 does not", async () => {
  serve(jsonResponse(401, { error: { code: 'unauthorized', message: 'Your session is not valid. Sign in again.' } }));
  const error = await refusal(api('/auth/orders', ok, { auth: true }));
  expect([error.status, error.message]).toEqual([401, 'Your session is not valid. Sign in again.']);
  expect(ended).toHaveBeenCalledTimes(1);
  await refusal(api('/api/orders/lookup', ok, { body: {} }));
  expect(ended).toHaveBeenCalledTimes(1);
});

it("API Gateway's own 401 (its JWT authorizer refused the token) ends the session and says to sign in again", async () => {
  // The body exactly as API Gateway sends it (decision 0140): not the shop's error format.
  serve(new Response('{"message":"Unauthorized"}', { status: 401, headers: { 'content-type': 'application/json' } }));
  const error = await refusal(api('/auth/orders', ok, { auth: true }));
  expect([error.status, error.code, error.message]).toEqual([
    401,
    'unauthorized',
    'Your session is not valid. Sign in again.',
  ]);
  expect(ended).toHaveBeenCalledTimes(1);
  // Another gateway message with 401 is not taken for it: the spec's "Server error".
  serve(jsonResponse(401, { message: 'Forbidden' }));
  expect((await refusal(api('/auth/orders', ok, { auth: true }))).code).toBe('server_error');
});

it("a file's text and the name the server gave it, asked for with the token", async () => {
  const fetchMock = serve(csvResponse('orderNumber,total\n#1042,12.99\n', 'orders-2025.csv'));
  expect(await apiFile('/api/admin/orders?format=csv', 'text/csv', { auth: true })).toEqual({
    text: 'orderNumber,total\n#1042,12.99\n',
    fileName: 'orders-2025.csv',
  });
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(urlOf(url)).toBe('/api/admin/orders?format=csv');
  expect(init.headers).toEqual({ accept: 'text/csv, application/json', authorization: 'Bearer token' });
  serve(csvResponse('a,b\n'));
  expect((await apiFile('/api/admin/orders?format=csv', 'text/csv', { auth: true })).fileName).toBeNull();
});

it('a file that is refused fails as a JSON call does: the error format, a 429 with its wait, a 401 ending the session', async () => {
  serve(jsonResponse(400, { error: { code: 'validation', message: 'Bad range.', fields: { from: 'Not a date.' } } }));
  const refused = await refusal(apiFile('/api/admin/orders?format=csv', 'text/csv', { auth: true }));
  expect([refused.status, refused.message, refused.fields]).toEqual([400, 'Bad range.', { from: 'Not a date.' }]);
  serve(jsonResponse(429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': '3' }));
  expect((await refusal(apiFile('/x.csv', 'text/csv', { auth: true }))).retryAfterSeconds).toBe(3);
  serve(jsonResponse(401, { error: { code: 'unauthorized', message: 'Sign in to continue.' } }));
  await refusal(apiFile('/x.csv', 'text/csv', { auth: true }));
  expect(ended).toHaveBeenCalledTimes(1);
});
