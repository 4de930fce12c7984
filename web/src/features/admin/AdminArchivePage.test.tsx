import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { adminOrder } from '../../testing/orders';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/**
 * The archive (decision 0054): a search the server answers in budgeted steps is read on until it has a page (saying
 * so meanwhile, never "No orders match." while more is to be read); dates are the admin's own days, for the page
 * and its CSV alike; the Sales view.
 */
const needle = adminOrder({
  orderNumber: 'pi_needle',
  status: 'completed',
  createdAt: '2023-01-01T10:00:00.000Z',
  shippedAt: '2023-01-02T10:00:00.000Z',
  completedAt: '2023-01-02T10:00:00.000Z',
  shippingAddress: {
    name: 'Needle Haystack',
    email: 'needle.haystack@example.com',
    line1: '1 Main St',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  },
});
type Answer = { orders: unknown[]; nextCursor: string | null; readThrough?: string };
let lists: URLSearchParams[];

/** The server: answers each list request in turn (a function may wait, as a slow read does). */
function serve(answers: (Answer | (() => Promise<Answer>))[]) {
  lists = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (url.pathname === '/api/admin/orders') {
      lists.push(url.searchParams);
      if (url.searchParams.get('format') === 'csv')
        return {
          ok: true,
          status: 200,
          text: async () => 'order\r\n',
          headers: new Headers({ 'content-disposition': 'attachment; filename="x.csv"' }),
        } as Response;
      const next = answers.shift() ?? { orders: [], nextCursor: null };
      return json(200, typeof next === 'function' ? await next() : next);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
}

/** The archive as the app has it (its route's loader reads the orders). */
const show = (path: string) => renderAdmin(path);

it('a search whose first requests find nothing reads on ("Searching older orders…") and shows the old order; never "No orders match." meanwhile', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  serve([
    { orders: [], nextCursor: 'c1', readThrough: '2024-06-01T00:00:00Z' },
    { orders: [], nextCursor: 'c2', readThrough: '2023-03-01T12:00:00Z' },
    async () => {
      await gate;
      return { orders: [needle], nextCursor: null };
    },
  ]);
  show('/admin/orders/archive?q=needle.haystack%40example.com');
  expect(await screen.findByText('Searching older orders… (read back to Mar 1, 2023)')).toBeTruthy();
  expect(screen.queryByText('No orders match.')).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
  release();
  expect(await screen.findByRole('link', { name: 'pi_needle' })).toBeTruthy();
  expect(screen.queryByText(/Searching older orders/)).toBeNull();
  expect(screen.queryByText('No orders match.')).toBeNull();
  // Each request after the first went on from the cursor the one before gave, for the rest of the page.
  expect(lists.map((query) => [query.get('q'), query.get('cursor'), query.get('limit')])).toEqual([
    ['needle.haystack@example.com', null, '25'],
    ['needle.haystack@example.com', 'c1', '25'],
    ['needle.haystack@example.com', 'c2', '25'],
  ]);
});

it('"No orders match." only once everything was read', async () => {
  serve([
    { orders: [], nextCursor: 'c1', readThrough: '2024-06-01T00:00:00Z' },
    { orders: [], nextCursor: null },
  ]);
  show('/admin/orders/archive?q=nobody');
  expect(await screen.findByText('No orders match.')).toBeTruthy();
  expect(lists).toHaveLength(2);
});

it('a short page with a cursor is filled from the next requests before it shows', async () => {
  const order = (n: number) =>
    adminOrder({
      orderNumber: `pi_${n}`,
      status: 'completed',
      createdAt: new Date(Date.UTC(2024, 0, 30 - n)).toISOString(),
    });
  serve([
    { orders: Array.from({ length: 20 }, (_, n) => order(n)), nextCursor: 'c1', readThrough: '2024-01-01T00:00:00Z' },
    { orders: Array.from({ length: 5 }, (_, n) => order(20 + n)), nextCursor: 'c2' },
  ]);
  show('/admin/orders/archive?q=buyer');
  await screen.findByRole('link', { name: 'pi_24' });
  expect(screen.getAllByRole('row')).toHaveLength(26);
  expect(lists.map((query) => query.get('limit'))).toEqual(['25', '5']);
  // The page is full and the server has more: the pager offers the next page.
  expect(
    within(screen.getByRole('navigation', { name: 'orders pages' })).getByRole('button', { name: /next/i }),
  ).toBeTruthy();
});

it("dates are the admin's own days, for the list and its CSV alike; the Sales view is asked for by name", async () => {
  serve([{ orders: [needle], nextCursor: null }]);
  URL.createObjectURL = jest.fn(() => 'blob:x');
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  show('/admin/orders/archive?status=sales&from=2025-11-01&to=2025-11-10');
  await screen.findByRole('link', { name: 'pi_needle' });
  expect(screen.getByRole('tab', { name: 'Sales', selected: true })).toBeTruthy();
  // The first moment of Nov 1 and the last of Nov 10 where the browser is.
  const from = new Date(2025, 10, 1).toISOString();
  const to = new Date(new Date(2025, 10, 11).getTime() - 1).toISOString();
  expect([lists[0].get('status'), lists[0].get('from'), lists[0].get('to')]).toEqual(['sales', from, to]);
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  await screen.findByRole('link', { name: 'pi_needle' });
  const csv = lists.find((query) => query.get('format') === 'csv')!;
  expect([csv.get('status'), csv.get('from'), csv.get('to'), csv.get('limit'), csv.get('cursor')]).toEqual([
    'sales',
    from,
    to,
    null,
    null,
  ]);
  expect(saved).toEqual(['orders-sales-2025-11-01-to-2025-11-10.csv']);
});

describe('a search looks across every order (issue 50 item 3)', () => {
  const gails = [
    adminOrder({ orderNumber: '1002', status: 'pending', createdAt: '2026-06-02T10:00:00.000Z' }),
    adminOrder({ orderNumber: '1001', status: 'pending', createdAt: '2026-06-01T10:00:00.000Z' }),
  ];

  it('from the Shipped tab it opens All orders: the unshipped matches are listed, each with its state', async () => {
    serve([
      { orders: [needle], nextCursor: null },
      { orders: gails, nextCursor: null },
    ]);
    show('/admin/orders/archive');
    await screen.findByRole('link', { name: 'pi_needle' });
    expect(screen.getByRole('tab', { name: 'Shipped', selected: true })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search orders'), 'gail{Enter}');
    expect(await screen.findByRole('link', { name: '#1002' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '#1001' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All orders', selected: true })).toBeTruthy();
    expect([lists[1].get('status'), lists[1].get('q')]).toEqual(['all', 'gail']);
    expect(screen.getAllByText('Processing')).toHaveLength(2);
    expect(screen.queryByText(/No orders/)).toBeNull();
  });

  it('a tab narrows the search; one that holds none of the matches says so, and Search every order finds them', async () => {
    serve([
      { orders: gails, nextCursor: null },
      { orders: [], nextCursor: null },
      { orders: gails, nextCursor: null },
    ]);
    show('/admin/orders/archive?q=gail');
    await screen.findByRole('link', { name: '#1002' });
    expect(lists[0].get('status')).toBe('all');
    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText(/No orders in Cancelled match\./)).toBeTruthy();
    expect([lists[1].get('status'), lists[1].get('q')]).toEqual(['cancelled', 'gail']);
    await userEvent.click(screen.getByRole('button', { name: 'Search every order' }));
    expect(await screen.findByRole('link', { name: '#1002' })).toBeTruthy();
    expect([lists[2].get('status'), lists[2].get('q')]).toEqual(['all', 'gail']);
    expect(screen.getByRole('tab', { name: 'All orders', selected: true })).toBeTruthy();
  });

  it('without words the tabs list as before, and From and To are explained in plain words', async () => {
    serve([{ orders: [], nextCursor: null }]);
    show('/admin/orders/archive?status=cancelled');
    expect(await screen.findByText('No orders match.')).toBeTruthy();
    expect(lists[0].get('status')).toBe('cancelled');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone.replace(/_/g, ' ');
    expect(
      screen.getByText(`From and To are whole days, midnight to midnight, in your time zone (${zone}).`),
    ).toBeTruthy();
    expect(screen.queryByText(/your own days/)).toBeNull();
  });
});
