import { act, screen } from '@testing-library/react';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';

/** /unsubscribe?token=: opening the mail's link is the one click; the page says what happened. */
const calls: { url: string; method: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    calls.push({ url, method: init?.method ?? 'GET' });
    if (url.endsWith('/config.json'))
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    if (url === '/api/email-preferences/unsubscribe?token=good.token')
      return json(200, { unsubscribed: true, email: 'ad•••@example.com' });
    if (url === '/api/email-preferences/unsubscribe?token=busy.token')
      return json(429, {
        error: {
          code: 'rate_limited',
          message: 'Too many requests from your connection. Please wait a few minutes and open the link again.',
        },
      });
    if (url.startsWith('/api/email-preferences/unsubscribe'))
      return json(400, { error: { code: 'link_invalid', message: 'refused' } });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

// One render per file: the app's route objects are shared by every router a file makes, and React Router keeps what it
// resolved of a page's lazy loader on them (a second router of the same file then matches nothing). Each case below
// is a navigation of the one router.
it('opening the link unsubscribes at once (one POST, no button, no sign-in) and names the address; a changed, missing or busy one says so plainly', async () => {
  const { router } = renderApp('/unsubscribe?token=good.token');
  expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe(
    'ad•••@example.com will get no more cart reminders or back-in-stock alerts from us.',
  );
  expect(screen.getByText('Mails about orders you place (confirmation, shipping) still come.')).toBeTruthy();
  expect(calls.filter((call) => call.url.startsWith('/api/email-preferences/'))).toEqual([
    { url: '/api/email-preferences/unsubscribe?token=good.token', method: 'POST' },
  ]);
  expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');

  // A changed link: refused, with a way to reach the shop.
  await act(() => router.navigate('/unsubscribe?token=changed.token'));
  expect(await screen.findByRole('heading', { name: 'This unsubscribe link did not work' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toMatch(/not complete or was changed/);
  expect(screen.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('/contact-us');

  // No token at all: nothing is asked of the server.
  calls.length = 0;
  await act(() => router.navigate('/unsubscribe'));
  expect(screen.getByRole('alert').textContent).toMatch(/not complete or was changed/);
  expect(calls.some((call) => call.url.startsWith('/api/email-preferences/'))).toBe(false);

  // A busy shop (429): wait, and try again.
  await act(() => router.navigate('/unsubscribe?token=busy.token'));
  expect((await screen.findByRole('alert')).textContent).toMatch(/wait a few minutes/);
  expect(screen.getByRole('link', { name: 'Try again' })).toBeTruthy();
});
