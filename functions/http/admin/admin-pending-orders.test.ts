import { orders } from '../../db/entities/order';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as completeOrder } from './complete-order';
import { handler as listOrders } from './list-orders';

/**
 * More than one page of orders waiting to ship: the pending list pages oldest first, every order once (decision 0047).
 */
const PENDING = 130;
let token: string;
/** Order numbers in the order they were placed (one minute apart). */
const placed = Array.from({ length: PENDING }, (_, i) => `pi_pending_${String(i).padStart(3, '0')}`);
const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 8, i)).toISOString();

const order = (orderNumber: string, createdAt: string, status: 'pending' | 'completed' = 'pending') =>
  orders.put({
    orderNumber,
    customer: 'guest',
    status,
    createdAt,
    ...(status === 'completed' ? { completedAt: createdAt } : {}),
    shippingAddress: { name: 'G', email: 'g@example.com', line1: 'x', city: 'y', state: 'TX', zip: '73301' },
    lines: [{ id: 'c', name: 'Candle', image: '/i.svg', price: 100, size: 'CANDLE', quantity: 1 }],
    amounts: { subtotal: 100, discount: 0, shipping: 599, tax: 0, total: 699 },
  });

beforeAll(async () => {
  await useFreshTable();
  token = (await signInNewUser({ admin: true })).token;
  for (let i = 0; i < PENDING; i += 10)
    await Promise.all(placed.slice(i, i + 10).map((number, j) => order(number, at(i + j))));
  // Shipped orders placed in between are never part of the pending list.
  await Promise.all([order('pi_shipped_a', at(5), 'completed'), order('pi_shipped_b', at(70), 'completed')]);
});

const list = (query: Record<string, string>) =>
  invoke(listOrders, { token, method: 'GET', path: '/api/admin/orders', query });
const numbers = (body: { orders: { orderNumber: string }[] }) => body.orders.map((o) => o.orderNumber);

/** Follows nextCursor from the first page to the last; every page answers 200 and holds at least one order. */
async function walk(query: Record<string, string>) {
  const pages: { numbers: string[]; total: number | undefined }[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await list({ ...query, ...(cursor ? { cursor } : {}) });
    expect(status).toBe(200);
    pages.push({ numbers: numbers(body), total: body.total });
    cursor = body.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

it('pages oldest first: every pending order on exactly one page, in the order placed, each page with the total', async () => {
  const pages = await walk({ status: 'pending', order: 'oldest' });
  expect(pages.map((page) => page.numbers.length)).toEqual([25, 25, 25, 25, 25, 5]);
  expect(pages.flatMap((page) => page.numbers)).toEqual(placed);
  expect(pages.every((page) => page.total === PENDING)).toBe(true);
});

it('a last page that is exactly full says so: no empty page after it', async () => {
  const pages = await walk({ status: 'pending', order: 'oldest', limit: '26' });
  expect(pages.map((page) => page.numbers.length)).toEqual([26, 26, 26, 26, 26]);
  expect(new Set(pages.flatMap((page) => page.numbers)).size).toBe(PENDING);
});

it('keeps the old contract: newest first by default, cursor pages, and no total for the archive statuses', async () => {
  const pages = await walk({ status: 'pending', limit: '40' });
  expect(pages.flatMap((page) => page.numbers)).toEqual([...placed].reverse());
  const shipped = await list({ status: 'completed' });
  expect(numbers(shipped.body)).toEqual(['pi_shipped_b', 'pi_shipped_a']);
  expect(shipped.body.total).toBeUndefined();
  // A search is not counted either (its total would not be the number of matches).
  expect((await list({ status: 'pending', q: 'pi_pending_00' })).body.total).toBeUndefined();
  expect((await list({ status: 'pending', order: 'sideways' })).status).toBe(400);
});

it('orders shipped while the admin pages on leave the next page where it was: none skipped, none twice', async () => {
  const first = await list({ status: 'pending', order: 'oldest', limit: '10' });
  expect(numbers(first.body)).toEqual(placed.slice(0, 10));
  for (const orderNumber of placed.slice(0, 3)) {
    const done = await invoke(completeOrder, {
      token,
      method: 'POST',
      path: `/api/admin/orders/${orderNumber}/complete`,
      params: { orderNumber },
      body: {},
    });
    expect(done.status).toBe(200);
  }
  const second = await list({ status: 'pending', order: 'oldest', limit: '10', cursor: first.body.nextCursor });
  expect(numbers(second.body)).toEqual(placed.slice(10, 20));
  expect(second.body.total).toBe(PENDING - 3);
  // Reading the first page again shows the ones left, then the next ones.
  expect(numbers((await list({ status: 'pending', order: 'oldest', limit: '10' })).body)).toEqual(placed.slice(3, 13));
  // A cursor of the shipped list is no page of the pending one.
  const shippedCursor = (await list({ status: 'completed', limit: '1' })).body.nextCursor;
  expect((await list({ status: 'pending', order: 'oldest', cursor: shippedCursor })).status).toBe(400);
});
