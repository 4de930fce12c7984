import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROP_MESSAGES, MESSAGES } from '#shared/messages';
import { forgetAnswers } from '../../lib/answers';
import { leaveLine } from '../../lib/dropLine';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';

/**
 * A drop's product page (docs/decisions/0181): before the start a countdown and no call about the drop; from the
 * start the line joined, its place read out politely, the form only once let in; a lost place said plainly, with a
 * way back in at the back of the line.
 */
const config = {
  region: 'us-east-1',
  userPoolId: 'p',
  userPoolClientId: 'c',
  cognitoEndpoint: null,
  stripePublishableKey: null,
  paymentMode: 'test',
};
const candle = (drop: { startsAt: string; line: boolean }) => ({
  id: 'd1',
  name: 'Drop Candle',
  image: '/c.svg',
  extraImages: [],
  description: 'Once a year',
  price: 3900,
  tag: 'candles',
  averageRating: 0,
  ratingCount: 0,
  sizes: [{ size: 'CANDLE', available: 40 }],
  drop,
});

/** The shop's answers; the line's come from `line` in turn (each a function: it may wait for the test). */
function serve(product: unknown, line: Array<() => Promise<Response>> = []) {
  const asked: { url: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    asked.push({ url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.endsWith('/config.json')) return json(200, config);
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/api/products/d1') return json(200, product);
    if (url === '/api/drops/d1/line') return (line.shift() ?? (() => new Promise<Response>(() => undefined)))();
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  return asked;
}

afterEach(() => {
  // Each test's product is its own (the app keeps answers it read).
  forgetAnswers();
  leaveLine();
  sessionStorage.clear();
});

it('before the start: the start, a countdown, no form and no call about the drop', async () => {
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const asked = serve(candle({ startsAt, line: true }));
  renderApp('/product/d1');
  const timer = await screen.findByRole('timer', { name: DROP_MESSAGES.countdownLabel });
  expect(timer.textContent).toMatch(/^Starts in (59:\d\d|01:00:00)$/);
  expect(screen.getByText(/^On sale \w+day, \w+ \d{1,2} at \d{1,2}:\d{2} (AM|PM) ET\.$/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  expect(asked.filter(({ url }) => url.includes('/api/drops/'))).toEqual([]);
});

it('from the start: joins the line, reads out the place, and shows the form once let in', async () => {
  let letIn: (answer: Response) => void = () => undefined;
  const asked = serve(candle({ startsAt: new Date(Date.now() - 1000).toISOString(), line: true }), [
    async () => json(200, { state: 'waiting', token: 'T1', position: 7, waitSeconds: 90, askAgainSeconds: 0 }),
    () => new Promise<Response>((resolve) => (letIn = resolve)),
  ]);
  renderApp('/product/d1');
  const place = await screen.findByText(`${DROP_MESSAGES.position(7)} ${DROP_MESSAGES.wait(90)}`);
  expect(place.textContent).toBe("You're number 7 in line. About 2 minutes.");
  expect(place.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  // The first ask joined ({}), the next one asks with the kept token.
  expect(asked.filter(({ url }) => url === '/api/drops/d1/line').map(({ body }) => body)).toEqual([
    {},
    { token: 'T1' },
  ]);
  expect(JSON.parse(sessionStorage.getItem('drop-line')!)).toEqual({ productId: 'd1', token: 'T1' });
  letIn(json(200, { state: 'in', token: 'T1' }));
  await screen.findByText(DROP_MESSAGES.letIn);
  await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
  await screen.findByText(/Drop Candle is in your cart/);
});

it('a lost place is said plainly, and Join the line again takes a new one', async () => {
  serve(candle({ startsAt: new Date(Date.now() - 1000).toISOString(), line: true }), [
    async () => json(409, { error: { code: 'line_left', message: MESSAGES.dropLineLeft } }),
    async () => json(200, { state: 'sold_out', token: 'T2', message: MESSAGES.dropSoldOut }),
  ]);
  renderApp('/product/d1');
  const line = await screen.findByRole('region', { name: DROP_MESSAGES.lineHeading });
  await within(line).findByText(MESSAGES.dropLineLeft);
  await userEvent.click(within(line).getByRole('button', { name: DROP_MESSAGES.joinAgain }));
  await within(line).findByText(MESSAGES.dropSoldOut);
  expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
});
