import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { adminOrder } from '../../testing/orders';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/**
 * The pending-orders page over more than one page of orders (decision 0047): oldest first, 25 a page, the total,
 * the pager, and shipping an order on a later page keeps the admin on that page.
 */
const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 8, i)).toISOString();
const pendingOrder = (i: number) =>
  adminOrder({
    orderNumber: `pi_wait_${String(i).padStart(2, '0')}`,
    createdAt: at(i),
    shippingAddress: {
      name: `Buyer ${i}`,
      email: `b${i}@example.com`,
      line1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
    },
    lines: [{ id: 'c', name: 'Candle', image: '/i.svg', price: 1000, size: 'CANDLE', quantity: 1 }],
    amounts: { subtotal: 1000, discount: 0, shipping: 599, tax: 0, total: 1599 },
  });
const scrolled = jest.fn();
let waiting: ReturnType<typeof pendingOrder>[];
const lists: URLSearchParams[] = [];

beforeEach(() => {
  window.scrollTo = scrolled;
  scrolled.mockClear();
  waiting = Array.from({ length: 60 }, (_, i) => pendingOrder(i));
  lists.length = 0;
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  // The server's side: oldest first by position; a cursor is the createdAt of the last order of the page before.
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (url.pathname === '/api/admin/orders' && (init?.method ?? 'GET') === 'GET') {
      lists.push(url.searchParams);
      const limit = Number(url.searchParams.get('limit'));
      const after = url.searchParams.get('cursor');
      const rest = waiting.filter((order) => !after || order.createdAt > after);
      const page = rest.slice(0, limit);
      return json(200, {
        orders: page,
        nextCursor: rest.length > limit ? page.at(-1)!.createdAt : null,
        total: waiting.length,
      });
    }
    const shipped = /^\/api\/admin\/orders\/([^/]+)\/complete$/.exec(url.pathname);
    if (shipped) {
      const order = waiting.find((o) => o.orderNumber === shipped[1])!;
      waiting = waiting.filter((o) => o !== order);
      return json(200, { ...order, status: 'completed', completedAt: at(99) });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const show = () => renderAdmin('/admin/orders/pending');
const shownOrders = () =>
  screen.getAllByRole('article').map((card) => card.getAttribute('aria-label')!.replace('Order ', ''));
const pagerText = () => screen.getByRole('navigation', { name: 'pending orders pages' }).textContent;

it('asks for the oldest first, 25 a page, and says how many wait in all', async () => {
  show();
  await screen.findByText('pi_wait_00');
  expect(lists[0].get('status')).toBe('pending');
  expect(lists[0].get('order')).toBe('oldest');
  expect(lists[0].get('limit')).toBe('25');
  expect(shownOrders()).toEqual(waiting.slice(0, 25).map((o) => o.orderNumber));
  expect(screen.getByText('60 orders wait to ship')).toBeTruthy();
  expect(pagerText()).toContain('1–25 of 60 pending orders');
});

it('reaches every order through the pager, each on one page only', async () => {
  show();
  await screen.findByText('pi_wait_00');
  const seen = shownOrders();
  for (const first of ['pi_wait_25', 'pi_wait_50']) {
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText(first);
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);
    seen.push(...shownOrders());
  }
  expect(seen).toEqual(waiting.map((o) => o.orderNumber));
  expect(pagerText()).toContain('51–60 of 60 pending orders');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: /next page/i }).disabled).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: /page 1/i }));
  await screen.findByText('pi_wait_00');
});

it('shipping an order on page 2 keeps page 2: the order leaves it, the next one moves up, the total drops', async () => {
  show();
  await screen.findByText('pi_wait_00');
  await userEvent.click(screen.getByRole('button', { name: /next page/i }));
  const card = (await screen.findByText('pi_wait_30')).closest('article')!;
  await userEvent.click(within(card).getByRole('button', { name: 'Complete Order' }));
  await screen.findByText('Shipped pi_wait_30; the customer was mailed.');
  await screen.findByText('pi_wait_50');
  expect(screen.queryByText('pi_wait_30')).toBeNull();
  expect(shownOrders()[0]).toBe('pi_wait_25');
  expect(shownOrders()).toHaveLength(25);
  expect(screen.getByText('59 orders wait to ship')).toBeTruthy();
  expect(pagerText()).toContain('26–50 of 59 pending orders');
});

it("Complete Order waits only in the order it ships, and the server's message for the tracking number shows beside it", async () => {
  const shop = heldRefusal({ trackingNumber: 'That tracking number is not one of UPS.' });
  const listed = global.fetch as jest.Mock;
  const complete: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      complete.push(urlOf(input));
      return shop.answer();
    }
    return listed(input, init) as Promise<Response>;
  }) as typeof fetch;
  show();
  const card = (await screen.findByText('pi_wait_01')).closest('article')!;
  const other = screen.getByText('pi_wait_02').closest('article')!;
  await userEvent.type(within(card).getByLabelText('Tracking number'), '1ZMINE');
  await userEvent.click(within(card).getByRole('button', { name: 'Complete Order' }));
  const button = within(card).getByRole<HTMLButtonElement>('button', { name: 'Complete Order' });
  await waitFor(() => expect(button.disabled).toBe(true));
  expect(within(other).getByRole<HTMLButtonElement>('button', { name: 'Complete Order' }).disabled).toBe(false);
  shop.release();
  const number = within(card).getByLabelText<HTMLInputElement>('Tracking number');
  await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
  expect(within(card).getByText('That tracking number is not one of UPS.')).toBeTruthy();
  expect(number.value).toBe('1ZMINE');
  expect(within(other).getByLabelText('Tracking number').getAttribute('aria-invalid')).not.toBe('true');
  expect(complete).toEqual(['/api/admin/orders/pi_wait_01/complete']);
});

it('says so when nothing waits, without a pager', async () => {
  waiting = [];
  show();
  await screen.findByText('No pending orders.');
  expect(screen.queryByRole('navigation', { name: 'pending orders pages' })).toBeNull();
});

it("prints the packing slips of the page's orders in one go, one slip per order, no prices", async () => {
  const print = jest.fn();
  window.print = print;
  show();
  await screen.findByText('pi_wait_00');
  await userEvent.click(screen.getByRole('button', { name: 'Print 25 packing slips' }));
  expect(print).toHaveBeenCalledTimes(1);
  const slips = screen.getAllByRole('region', { name: 'Packing slip' });
  expect(slips.map((slip) => /Order (\S+)/.exec(slip.textContent)![1])).toEqual(
    waiting.slice(0, 25).map((o) => o.orderNumber),
  );
  expect(slips[0].textContent).toContain('Buyer 0');
  expect(slips.some((slip) => slip.textContent.includes('$'))).toBe(false);
});

it("marks a quote's order made to order, with its quote and where production stands, and a part-refunded order's units not to pack", async () => {
  const print = jest.fn();
  window.print = print;
  waiting = [
    adminOrder({
      orderNumber: '1003',
      createdAt: at(1),
      lines: [{ id: 'quote-17-1', name: 'Logo tees, printed', image: '', price: 1500, size: 'CANDLE', quantity: 20 }],
      quote: { quoteId: 'q_abc', number: '17', ships: true, productionStartedAt: '2026-03-02T15:00:00.000Z' },
    }),
    adminOrder({
      orderNumber: '1004',
      createdAt: at(2),
      lines: [
        { id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 3 },
        { id: 'tee', name: 'Tee', image: '/i/t.svg', price: 2000, size: 'M', quantity: 1 },
      ],
      refundedUnits: { 'candle|CANDLE': 2 },
      refunded: 3800,
    }),
    adminOrder({
      orderNumber: '1005',
      createdAt: at(3),
      quote: { quoteId: 'q_new', number: '18', ships: true, productionStartedAt: null },
    }),
    adminOrder({ orderNumber: '1006', createdAt: at(4) }),
  ];
  show();
  const quoted = within(await screen.findByRole('article', { name: 'Order #1003' }));
  expect(quoted.getByText('Made to order')).toBeTruthy();
  expect(quoted.getByRole('link', { name: 'Quote Q17' }).getAttribute('href')).toBe('/admin/quotes/q_abc');
  expect(quoted.getByText(/In production since/)).toBeTruthy();
  expect(
    within(screen.getByRole('article', { name: 'Order #1005' })).getByText(/Accepted and paid: production not started/),
  ).toBeTruthy();
  // The part-refunded order: marked, its lines the units left to send.
  const refunded = within(screen.getByRole('article', { name: 'Order #1004' }));
  expect(refunded.getByText('Part refunded')).toBeTruthy();
  expect(refunded.getByText('Refunded, not to pack: 2 × Candle')).toBeTruthy();
  expect(refunded.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '1 × Candle — $18.00',
    '1 × Tee (M) — $20.00',
  ]);
  // An order neither quoted nor refunded carries no mark.
  const plain = within(screen.getByRole('article', { name: 'Order #1006' }));
  expect(plain.queryByText('Made to order')).toBeNull();
  expect(plain.queryByText('Part refunded')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Print 4 packing slips' }));
  const slips = screen.getAllByRole('region', { name: 'Packing slip' });
  const rows = (slip: HTMLElement) =>
    within(slip)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
  expect(slips[0].textContent).toContain('Made to order, quote Q17');
  expect(rows(slips[0])).toEqual(['Logo tees, printed20']);
  // The slip of the part-refunded order lists only the units left to send.
  expect(rows(slips[1])).toEqual(['Candle1', 'TeeM1']);
});
