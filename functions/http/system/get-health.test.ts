import { invoke } from '#tests/helpers';
import { handler, HEALTH_RETRY_SECONDS } from './get-health';

afterEach(() => {
  delete process.env.SHOP_STARTING;
});

it('GET /api/health answers {"ok":true}', async () => {
  const { status, body, headers } = await invoke(handler, { method: 'GET', path: '/api/health' });
  expect(status).toBe(200);
  expect(body).toEqual({ ok: true });
  expect(headers['content-type']).toMatch(/application\/json/);
});

it('answers 503 {"ok":false,"starting":...} with Retry-After while the local stack gets ready, never cached', async () => {
  process.env.SHOP_STARTING = 'seeding the demo catalogue (first start): 3 of 14 products';
  const { status, body, headers } = await invoke(handler, { method: 'GET', path: '/api/health' });
  expect(status).toBe(503);
  expect(body).toEqual({ ok: false, starting: 'seeding the demo catalogue (first start): 3 of 14 products' });
  expect(headers['retry-after']).toBe(String(HEALTH_RETRY_SECONDS));
  expect(headers['cache-control']).toBe('no-store');
  delete process.env.SHOP_STARTING;
  expect((await invoke(handler, { method: 'GET', path: '/api/health' })).status).toBe(200);
});
