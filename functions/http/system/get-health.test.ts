import { invoke } from '../../../tests/helpers';
import { handler } from './get-health';

it('GET /api/health answers {"ok":true}', async () => {
  const { status, body, headers } = await invoke(handler, { method: 'GET', path: '/api/health' });
  expect(status).toBe(200);
  expect(body).toEqual({ ok: true });
  expect(headers['content-type']).toMatch(/application\/json/);
});
