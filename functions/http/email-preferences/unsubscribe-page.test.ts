import { hasOptedOut, unsubscribeToken } from '../../domain/mail/opt-outs';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler } from './unsubscribe-page';

beforeAll(async () => {
  await useFreshTable();
});

const open = (query: Record<string, string>) => invoke(handler, { method: 'GET', path: '/api/email-preferences/unsubscribe', query });

it("a mail client's List-Unsubscribe address opened in a browser goes on to the shop's unsubscribe page, and opts nobody out itself", async () => {
  const token = await unsubscribeToken('gil@example.com');
  const answer = await open({ token });
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
  expect(answer.headers['cache-control']).toBe('no-store');
  // A link scanner's GET changes nothing: the page asks for the opt-out when a person opens it.
  await expect(hasOptedOut('gil@example.com')).resolves.toBe(false);
});

it('an address without a token, or with one that is not a link token, is refused with a clear message and sends nowhere', async () => {
  for (const [query, message] of [
    [{}, /required/],
    [{ token: 'nonsense' }, /link is not complete/],
    [{ token: 'abcdefghij.b"><script>' }, /link is not complete or was changed/],
  ] as const) {
    const answer = await open(query);
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body.error.fields.token).toMatch(message);
  }
});
