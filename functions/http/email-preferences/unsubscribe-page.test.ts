import { hasOptedOut, unsubscribeToken } from '../../domain/mail/opt-outs';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler } from './unsubscribe-page';

beforeAll(async () => {
  await useFreshTable();
});

const open = (query: Record<string, string>) =>
  invoke(handler, { method: 'GET', path: '/api/email-preferences/unsubscribe', query });

it("a mail client's List-Unsubscribe address opened in a browser goes on to the shop's unsubscribe page, and opts nobody out itself", async () => {
  const token = await unsubscribeToken('gil@example.com');
  const answer = await open({ token });
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
  expect(answer.headers['cache-control']).toBe('no-store');
  // A link scanner's GET changes nothing: the page asks for the opt-out when a person opens it.
  await expect(hasOptedOut('gil@example.com')).resolves.toBe(false);
});

it('a token cut short or changed goes on to the page too (it says clearly that the link did not work); only a missing or absurd one is refused here', async () => {
  for (const token of ['nonsense', 'abcdefghij.b"><script>']) {
    const answer = await open({ token });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
  }
  for (const [query, message] of [
    [{}, /required/],
    [{ token: '' }, /no token/],
    [{ token: 'x'.repeat(2001) }, /not one of ours/],
  ] as const) {
    const answer = await open(query);
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body.error.fields.token).toMatch(message);
  }
});
