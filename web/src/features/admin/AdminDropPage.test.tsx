import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** A product's drop: set up (checked, pending, the server's words beside), the units left with the sum check, restock. */
const calls: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
let drop: Record<string, unknown> | null;
let held: Promise<void> | undefined;
const product = {
  id: 'p-hoodie',
  name: 'Winter Hoodie',
  image: '/a.jpg',
  extraImages: [],
  description: 'Warm',
  price: 4500,
  tag: 'hoodies',
  averageRating: 0,
  status: 'listed',
  version: 1,
  stock: { S: 50, M: 50 },
  sizes: [
    { size: 'S', available: 50 },
    { size: 'M', available: 50 },
  ],
};
const on = {
  productId: 'p-hoodie',
  startsAt: '2026-12-04T17:00:00.000Z',
  limit: 2,
  state: 'on',
  sizes: [{ size: 'S', shards: 2, start: 50, units: 47, taken: 3, restocked: 0, sumHolds: true }],
};

beforeEach(() => {
  held = undefined;
  calls.length = 0;
  drop = null;
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method, url, body });
    if (url.startsWith('/api/admin/products?')) return json(200, { products: [product], total: 1, nextCursor: null });
    if (url === '/api/admin/drops/p-hoodie' && method === 'GET')
      return drop ? json(200, drop) : json(404, { error: { code: 'not_found', message: 'Not found.' } });
    if (url === '/api/admin/drops/p-hoodie' && method === 'PUT') {
      await held;
      if (body!.startsAt === '2020-01-01T12:00')
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'Please check the highlighted fields.',
            fields: { startsAt: 'The start is in the past.' },
          },
        });
      drop = { ...on, limit: body!.limit };
      return json(200, drop);
    }
    if (url === '/api/admin/drops/p-hoodie/restock' && method === 'POST') {
      drop = { ...on, sizes: [{ ...on.sizes[0], units: 57, restocked: 10 }] };
      return json(200, drop);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const setUpButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Set up the drop|Setting up/ });
const sent = (method: string) => calls.filter((call) => call.method === method && call.url.includes('/drops/'));

it("checks with the shared schema first, waits while it goes, shows the server's refusal beside its field", async () => {
  renderAdmin('/admin/drops/p-hoodie');
  await screen.findByText('Set up a drop', { selector: 'h2' });
  await userEvent.click(setUpButton());
  await waitFor(() => expect(screen.getByText('Choose at least one size.')).toBeTruthy());
  expect(sent('PUT')).toEqual([]);

  await userEvent.click(screen.getByLabelText('S'));
  const start = screen.getByLabelText("Starts (the shop's time zone)");
  await userEvent.type(start, '2020-01-01T12:00');
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  await userEvent.click(setUpButton());
  await waitFor(() => expect(setUpButton().disabled).toBe(true));
  release();
  await waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getAllByText('The start is in the past.').length).toBeGreaterThan(0);
  expect(sent('PUT')[0].body).toEqual({ sizes: ['S'], startsAt: '2020-01-01T12:00', limit: 1, line: false });
});

it('sets up a drop with a line; then shows the units left with the sum check, and restocks a size', async () => {
  renderAdmin('/admin/drops/p-hoodie');
  await screen.findByText('Set up a drop', { selector: 'h2' });
  await userEvent.click(screen.getByLabelText('S'));
  await userEvent.type(screen.getByLabelText("Starts (the shop's time zone)"), '2026-12-04T12:00');
  const limit = screen.getByLabelText('Limit per customer');
  await userEvent.clear(limit);
  await userEvent.type(limit, '2');
  await userEvent.click(screen.getByLabelText(/Use a line/));
  await userEvent.click(setUpButton());
  await screen.findByText('Set up the drop.');
  expect(sent('PUT')[0].body).toEqual({ sizes: ['S'], startsAt: '2026-12-04T12:00', limit: 2, line: true });
  const row = (await screen.findByText('Adds up (50 - 3 + 0)')).closest('tr')!;
  expect(row.textContent).toContain('47');
  // The start the server answers in UTC, read in the shop's time zone.
  expect(screen.getByText('On sale from Dec 4, 2026, 12:00 PM (shop time)')).toBeTruthy();

  await userEvent.selectOptions(screen.getByLabelText('Size to restock'), 'S');
  await userEvent.type(screen.getByLabelText('Units to add'), '10');
  await userEvent.click(screen.getByRole('button', { name: 'Restock' }));
  await screen.findByText('Added 10 to S.');
  expect(sent('POST').at(-1)!.body).toEqual({ size: 'S', units: 10 });
  expect((await screen.findByText('Adds up (50 - 3 + 10)')).closest('tr')!.textContent).toContain('57');
});
