import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_ALERT_MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';
import { localDate, midnightDaysAgo } from './localDays';

/**
 * The owner's dashboard at /admin: the figures of the answer, each tile's links apart, low stock linking to its row.
 */
const dashboard = {
  today: { orders: 1, revenue: 5399, discounts: 0 },
  last30Days: { orders: 12, revenue: 64_788, discounts: 1_200 },
  waitingToShip: 2,
  oldestWaiting: '2026-11-20T10:00:00.000Z',
  openReplacements: 1,
  quotes: { waiting: 3, offersOut: 2, wonThisMonth: 1, wonValue: 146_094 },
  giftCards: { outstanding: 123_450, soldThisMonth: 4, soldValue: 20_000 },
  unsentConfirmations: { count: 0, retrying: 0, orders: [] },
  reminders: {
    delayMinutes: 60,
    today: { sent: 2, recovered: 1, revenue: 3098 },
    last30Days: { sent: 9, recovered: 3, revenue: 10_450 },
  },
  stockAlerts: { waiting: 7, sizes: 3 },
  threshold: 3,
  lowStock: [
    {
      kind: 'product',
      id: 'vanilla-snow-candle',
      name: 'Vanilla Snow Candle',
      size: 'CANDLE',
      label: 'CANDLE',
      count: 0,
    },
    {
      kind: 'stockItem',
      id: 'HOODIE-FLEECE',
      name: 'HOODIE-FLEECE (Cozy Cabin Hoodie)',
      size: 'XL',
      label: 'XL',
      count: 2,
    },
    // A gift wrap's stock item: its S count is the 18inX36in sheets shoppers pick (issue 34 item 5).
    {
      kind: 'stockItem',
      id: 'WRAP-ROLL',
      name: 'WRAP-ROLL (Holly Gift Wrap)',
      size: 'S',
      label: '18inX36in',
      count: 1,
    },
  ],
};

beforeEach(() => {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input).startsWith('/api/admin/dashboard?today=')
      ? json(200, dashboard)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
  ) as typeof fetch;
});

it('shows the figures and links each tile to its page, each link on its own', async () => {
  renderAdmin('/admin');
  const last30 = (await screen.findByRole('heading', { name: 'Last 30 days' })).closest('li')!;
  expect(last30.textContent).toContain('$647.88');
  expect(last30.textContent).toContain('12 orders · $12.00 in discounts');
  const links = within(last30).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([
    expect.stringMatching(/^Orders since [A-Z][a-z]{2} \d{1,2}$/),
    'Promo codes',
  ]);
  // The Sales view (what the figures count) from the admin's own date 29 days ago (today is the 30th).
  expect(links[0].getAttribute('href')).toBe(
    `/admin/orders/archive?status=sales&from=${localDate(midnightDaysAgo(29))}`,
  );
  const toShip = screen.getByRole('heading', { name: 'Waiting to ship' }).closest('li')!;
  expect(toShip.textContent).toContain('2');
  const quotes = screen.getByRole('heading', { name: 'Quotes' }).closest('li')!;
  expect(quotes.textContent).toContain('3waiting for a price · 2 offers out · 1 won this month ($1,460.94)');
  expect(within(quotes).getByRole('link', { name: 'Quotes' }).getAttribute('href')).toBe('/admin/quotes');
  expect(within(toShip).getByRole('link', { name: 'Orders to ship' }).getAttribute('href')).toBe(
    '/admin/orders/pending',
  );
  // Gift cards: the shop's liability, and the cards sold this month.
  const giftCards = screen.getByRole('heading', { name: 'Gift cards' }).closest('li')!;
  expect(giftCards.textContent).toContain('$1,234.50outstanding · 4 cards sold this month ($200.00)');
  expect(within(giftCards).getByRole('link', { name: 'Gift cards' }).getAttribute('href')).toBe('/admin/gift-cards');
  const lowStock = screen.getByRole('region', { name: /Low stock/ });
  expect(within(lowStock).getByRole('link', { name: 'Vanilla Snow Candle' }).closest('tr')!.textContent).toContain(
    'Sold out',
  );
  // Each opens its product or item alone, whichever page of its table it is on.
  expect(within(lowStock).getByRole('link', { name: 'Vanilla Snow Candle' }).getAttribute('href')).toBe(
    '/admin/products?id=vanilla-snow-candle',
  );
  expect(within(lowStock).getByRole('link', { name: 'HOODIE-FLEECE (Cozy Cabin Hoodie)' }).getAttribute('href')).toBe(
    '/admin/items?id=HOODIE-FLEECE',
  );
  // Sizes by the names shoppers pick them by: the gift wrap's sheet, the hoodie's XL.
  const cells = (name: string) =>
    [...within(lowStock).getByRole('link', { name }).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
  expect(cells('WRAP-ROLL (Holly Gift Wrap)')).toEqual(['WRAP-ROLL (Holly Gift Wrap)', '18inX36in', '1']);
  expect(cells('HOODIE-FLEECE (Cozy Cabin Hoodie)')).toEqual(['HOODIE-FLEECE (Cozy Cabin Hoodie)', 'XL', '2']);
  expect(cells('Vanilla Snow Candle')).toEqual(['Vanilla Snow Candle', 'one size', 'Sold out']);
});

it("today's link and figures are the admin's own day (not the UTC one), and the links open every sale the figures count", async () => {
  // The time zone of the test run decides the local day; the browser journey runs the same in Honolulu (e2e/aftersale).
  const now = new Date('2026-11-24T07:30:00Z');
  jest.useFakeTimers({ now, advanceTimers: true });
  const asked: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    asked.push(urlOf(input));
    return json(200, dashboard);
  }) as typeof fetch;
  const two = (n: number) => String(n).padStart(2, '0');
  const midnight = (daysBack: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
  const ymd = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  try {
    renderAdmin('/admin');
    const today = (await screen.findByRole('heading', { name: 'Sales today' })).closest('li')!;
    expect(within(today).getByRole('link', { name: "Today's orders" }).getAttribute('href')).toBe(
      `/admin/orders/archive?status=sales&from=${ymd(midnight(0))}`,
    );
    const month = within(screen.getByRole('heading', { name: 'Last 30 days' }).closest('li')!).getAllByRole('link')[0];
    expect(month.getAttribute('href')).toBe(`/admin/orders/archive?status=sales&from=${ymd(midnight(29))}`);
    // The figures are counted from the same midnights.
    const query = new URL(asked[0], 'http://shop.test').searchParams;
    expect([query.get('today'), query.get('since')]).toEqual([midnight(0).toISOString(), midnight(29).toISOString()]);
  } finally {
    jest.useRealTimers();
  }
});

it('confirmation mails not sent: the count, each order linking to its page with what happened, and how many more', async () => {
  const unsentConfirmations = {
    count: 3,
    retrying: 0,
    orders: [
      { orderNumber: 'pi_refused', state: 'failed', since: '2026-11-20T10:00:00.000Z' },
      { orderNumber: 'pi_maybe', state: 'unknown', since: '2026-11-21T10:00:00.000Z' },
    ],
  };
  global.fetch = jest.fn(async () => json(200, { ...dashboard, unsentConfirmations })) as typeof fetch;
  renderAdmin('/admin');
  const tile = (await screen.findByRole('heading', { name: 'Confirmation mails not sent' })).closest('li')!;
  expect(within(tile).getByText('3')).toBeTruthy();
  expect(within(tile).getByRole('link', { name: 'pi_refused' }).getAttribute('href')).toBe('/admin/orders/pi_refused');
  expect(within(tile).getByRole('link', { name: 'pi_refused' }).closest('li')!.textContent).toBe('pi_refused not sent');
  expect(within(tile).getByRole('link', { name: 'pi_maybe' }).closest('li')!.textContent).toBe(
    'pi_maybe may not have been sent',
  );
  expect(tile.textContent).toContain('and 1 more');
});

it('no confirmation mail waiting: the tile says every one went out', async () => {
  renderAdmin('/admin');
  const tile = (await screen.findByRole('heading', { name: 'Confirmation mails not sent' })).closest('li')!;
  expect(tile.textContent).toContain('0Every confirmation went out');
  expect(within(tile).queryByRole('link')).toBeNull();
});

it('none waiting for the owner but some being tried again: the tile never says every one went out', async () => {
  global.fetch = jest.fn(async () =>
    json(200, { ...dashboard, unsentConfirmations: { count: 0, retrying: 2, orders: [] } }),
  ) as typeof fetch;
  renderAdmin('/admin');
  const tile = (await screen.findByRole('heading', { name: 'Confirmation mails not sent' })).closest('li')!;
  expect(tile.textContent).toContain('0None waits for you');
  expect(tile.textContent).toContain('Being tried again by the shop: 2 (SES refused a try)');
  expect(tile.textContent).not.toContain('Every confirmation went out');
});

it('cart reminders: sent and recovered with their revenue, and the delay the owner sets (0 off), checked before it is sent', async () => {
  const puts: unknown[] = [];
  let delay = 60;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/api/admin/settings' && init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { reminderDelayMinutes: number };
      puts.push(body);
      delay = body.reminderDelayMinutes;
      return json(200, body);
    }
    if (url.startsWith('/api/admin/dashboard?today='))
      return json(200, { ...dashboard, reminders: { ...dashboard.reminders, delayMinutes: delay } });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderAdmin('/admin');
  const tile = (await screen.findByRole('heading', { name: 'Cart reminders' })).closest('li')!;
  expect(tile.textContent).toContain('orders recovered in 30 days · $104.50 · 9 sent');
  expect(tile.textContent).toContain('Today: 2 sent · 1 recovered · $30.98');
  expect(tile.textContent).toContain('Now: 1 hour');
  const input = within(tile).getByLabelText('Send a reminder after (minutes; 0 turns reminders off)');

  await userEvent.clear(input);
  await userEvent.type(input, '1.5');
  await userEvent.click(within(tile).getByRole('button', { name: 'Save' }));
  expect(await within(tile).findByText('Type a whole number of minutes from 0 (off) to 1440.')).toBeTruthy();
  expect(puts).toEqual([]);

  await userEvent.clear(input);
  await userEvent.type(input, '0');
  await userEvent.click(within(tile).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Saved. Cart reminders: off.')).toBeTruthy();
  expect(puts).toEqual([{ reminderDelayMinutes: 0 }]);
  expect(await within(tile).findByText('Now: off')).toBeTruthy();
});

it("the reminder delay's Save waits while it goes, and the server's message shows beside the field", async () => {
  const shop = heldRefusal({ reminderDelayMinutes: 'The shop holds reminders at 2 hours at most for now.' });
  const puts: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/api/admin/settings' && init?.method === 'PUT') {
      puts.push(JSON.parse(init.body as string));
      return shop.answer();
    }
    if (url.startsWith('/api/admin/dashboard?today=')) return json(200, dashboard);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  renderAdmin('/admin');
  const tile = (await screen.findByRole('heading', { name: 'Cart reminders' })).closest('li')!;
  const input = within(tile).getByLabelText<HTMLInputElement>('Send a reminder after (minutes; 0 turns reminders off)');
  await userEvent.clear(input);
  await userEvent.type(input, '600');
  const button = within(tile).getByRole<HTMLButtonElement>('button', { name: 'Save' });
  await userEvent.click(button);
  await waitFor(() => expect(button.disabled).toBe(true));
  shop.release();
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const message = within(tile).getByText('The shop holds reminders at 2 hours at most for now.');
  expect(input.getAttribute('aria-describedby')).toBe(message.id);
  expect(input.value).toBe('600');
  expect(puts).toEqual([{ reminderDelayMinutes: 600 }]);
});

it('counts the back-in-stock requests waiting and links to them', async () => {
  renderAdmin('/admin');
  const tile = (await screen.findByRole('heading', { name: STOCK_ALERT_MESSAGES.tileHeading })).closest('li')!;
  expect(tile.textContent).toContain(`7${STOCK_ALERT_MESSAGES.tileSizes(3)}`);
  expect(within(tile).getByRole('link', { name: STOCK_ALERT_MESSAGES.tileLink }).getAttribute('href')).toBe(
    '/admin/stock-alerts',
  );
});
