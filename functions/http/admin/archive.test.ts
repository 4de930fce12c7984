import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { orders, type OrderRecord } from '../../db/entities/order';
import { READ_BUDGET } from '../../domain/admin/orders';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as getDashboard } from './get-dashboard';
import { handler as listOrders } from './list-orders';

/**
 * The archive at a size where one request cannot read it all (decision 0054): a search reads on with its cursor
 * and finds the oldest order; the Sales view (shipped and not yet, no replacements) pages across both partitions;
 * a date range of the admin's own days; the dashboard's figures equal the view its links open.
 */
let admin: string;
const HOUR = 3600 * 1000;
const list = (query: Record<string, string>) =>
  invoke(listOrders, { token: admin, method: 'GET', path: '/api/admin/orders', query });

function order(n: number, createdAt: string, extra: Partial<OrderRecord> = {}): OrderRecord {
  return {
    orderNumber: `pi_archive${String(n).padStart(5, '0')}`,
    customer: 'guest',
    status: 'completed',
    createdAt,
    updatedAt: createdAt,
    completedAt: createdAt,
    shippingAddress: {
      name: `Buyer ${n}`,
      email: `buyer${n}@example.com`,
      line1: '1 Main St',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    },
    lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 }],
    amounts: { subtotal: 1800, discount: 0, shipping: 599, tax: 0, total: 2399 },
    mailStatus: 'sent',
    version: 2,
    ...extra,
  };
}

/** Writes records straight to the table, 25 a request, several requests at a time (thousands in seconds). */
async function writeAll(records: OrderRecord[]) {
  // Through JSON: fields a record leaves undefined are not written.
  const items = records.map(
    (record) =>
      JSON.parse(
        JSON.stringify((orders.transact.put(record) as { Put: { Item: Record<string, unknown> } }).Put.Item),
      ) as Record<string, unknown>,
  );
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (let i = 0; i < batches.length; i += 8) {
    await Promise.all(
      batches.slice(i, i + 8).map(async (batch) => {
        let pending = batch.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length) {
          const { UnprocessedItems } = await documentClient().send(
            new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
          );
          pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
        }
      }),
    );
  }
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
});

describe('a search over more orders than one request reads', () => {
  const SHIPPED = READ_BUDGET + 500;
  const start = Date.parse('2023-01-01T00:00:00Z');
  beforeAll(async () => {
    // 2,500 shipped orders an hour apart; the oldest is the customer searched for.
    const records = Array.from({ length: SHIPPED }, (_, i) =>
      order(i, new Date(start + i * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z')),
    );
    records[0] = order(0, records[0].createdAt, {
      shippingAddress: { ...records[0].shippingAddress, name: 'Needle Haystack', email: 'needle.haystack@example.com' },
    });
    await writeAll(records);
  }, 120_000);

  it.each([['needle.haystack@example.com'], ['Needle Haystack'], ['NEEDLE']])(
    'finds the oldest order by %s: each request reads at most the budget, the cursor reads on',
    async (q) => {
      const first = await list({ status: 'completed', q });
      expect(first.status).toBe(200);
      // The first request stopped at its budget: nothing yet, a cursor to read on, and how far back it has read.
      expect(first.body.orders).toEqual([]);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      expect(first.body.readThrough).toBe(
        new Date(start + (SHIPPED - READ_BUDGET) * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      );
      const second = await list({ status: 'completed', q, cursor: first.body.nextCursor });
      expect(second.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['pi_archive00000']);
      expect(second.body.nextCursor).toBeNull();
      expect(second.body.readThrough).toBeUndefined();
    },
  );

  it('a page without words reads no more than it shows (plus one), however large the archive', async () => {
    const page = await list({ status: 'completed', limit: '25' });
    expect(page.body.orders).toHaveLength(25);
    expect(page.body.orders[0].orderNumber).toBe(`pi_archive${String(SHIPPED - 1).padStart(5, '0')}`);
    expect(page.body.readThrough).toBeUndefined();
  });

  it('the CSV of the search finds it too', async () => {
    const csv = await list({ status: 'completed', q: 'needle', format: 'csv' });
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(['pi_archive00000']);
  });
});

describe('the Sales view, local days, and the dashboard', () => {
  // Around the end of daylight saving time in Los Angeles (Nov 2, 2025): PDT is UTC-7 before, PST UTC-8 after.
  const la = {
    oct31Late: '2025-11-01T06:30:00Z', // Oct 31, 11:30 pm
    nov1Early: '2025-11-01T07:30:00Z', // Nov 1, 0:30 am
    nov10Late: '2025-11-11T07:30:00Z', // Nov 10, 11:30 pm
    nov11Early: '2025-11-11T08:30:00Z', // Nov 11, 0:30 am
  };
  /** The admin's page in Los Angeles sends the first and the last moment of its days. */
  const nov1to10 = { from: '2025-11-01T07:00:00.000Z', to: '2025-11-11T07:59:59.999Z' };
  const numbers = (body: { orders: { orderNumber: string }[] }) => body.orders.map((o) => o.orderNumber);
  beforeAll(async () => {
    await writeAll([
      order(90001, la.oct31Late),
      order(90002, la.nov1Early, { status: 'pending', completedAt: undefined }),
      order(90003, '2025-11-05T18:00:00Z', { status: 'pending', completedAt: undefined }),
      order(90004, '2025-11-05T19:00:00Z', {
        replacementOf: 'pi_archive90003',
        amounts: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
      }),
      order(90005, '2025-11-06T10:00:00.250Z', {
        status: 'cancelled',
        completedAt: undefined,
        cancelledAt: '2025-11-06T11:00:00Z',
      }),
      order(90006, '2025-11-07T10:00:00Z'),
      order(90007, la.nov10Late, { status: 'pending', completedAt: undefined }),
      order(90008, la.nov11Early),
    ]);
  });

  it("a range of the admin's local days: instants from the page; a day alone is still a UTC day", async () => {
    expect(numbers((await list({ status: 'completed', ...nov1to10 })).body)).toEqual([
      'pi_archive90006',
      'pi_archive90004',
    ]);
    expect(numbers((await list({ status: 'pending', ...nov1to10 })).body)).toEqual([
      'pi_archive90007',
      'pi_archive90003',
      'pi_archive90002',
    ]);
    // The older form: UTC days (Nov 1 UTC starts 7 hours before Nov 1 in Los Angeles).
    expect(numbers((await list({ status: 'completed', from: '2025-11-01', to: '2025-11-10' })).body)).toEqual([
      'pi_archive90006',
      'pi_archive90004',
      'pi_archive90001',
    ]);
    expect((await list({ status: 'completed', from: '2025-11-02T00:00:00Z', to: '2025-11-01T00:00:00Z' })).status).toBe(
      400,
    );
    expect((await list({ status: 'completed', from: 'yesterday' })).body.error.fields.from).toMatch(/^Dates look like/);
  });

  it('the Sales view: shipped and not yet shipped together, newest first, no replacements or cancelled orders, in pages across both', async () => {
    const all = numbers((await list({ status: 'sales', ...nov1to10 })).body);
    expect(all).toEqual(['pi_archive90007', 'pi_archive90006', 'pi_archive90003', 'pi_archive90002']);
    // Pages of two follow one cursor over both partitions: nothing skipped or shown twice.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ status: 'sales', ...nov1to10, limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...numbers(page.body));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all);
    // A cursor of one view is refused by another (it names other partitions).
    const sales = await list({ status: 'sales', ...nov1to10, limit: '1' });
    expect((await list({ status: 'cancelled', cursor: sales.body.nextCursor })).status).toBe(400);
    // Search inside the view.
    expect(numbers((await list({ status: 'sales', q: 'buyer90003' })).body)).toEqual(['pi_archive90003']);
  });

  it('the CSV of a local range lists what the page lists', async () => {
    const csv = await list({ status: 'sales', ...nov1to10, format: 'csv' });
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="orders-sales-2025-11-01T070000000Z-to-2025-11-11T075959999Z.csv"',
    );
    const rows = (csv.body as string).trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual([
      'pi_archive90007',
      'pi_archive90006',
      'pi_archive90003',
      'pi_archive90002',
    ]);
  });

  it("the dashboard's today and 30 days count exactly what the Sales view lists from the same instants", async () => {
    const now = new Date();
    const today = new Date(now.getTime() - 5 * HOUR).toISOString();
    const since = new Date(now.getTime() - 29 * 24 * HOUR - 5 * HOUR).toISOString();
    await writeAll([
      order(91001, new Date(now.getTime() - 6 * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z')), // before "today"
      order(91002, new Date(now.getTime() - 4 * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z')),
      order(91003, new Date(now.getTime() - 3 * HOUR).toISOString(), { status: 'pending', completedAt: undefined }),
      order(91004, new Date(now.getTime() - 2 * HOUR).toISOString(), {
        replacementOf: 'pi_archive91002',
        amounts: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
      }),
      order(91005, new Date(now.getTime() - HOUR).toISOString(), { status: 'cancelled', completedAt: undefined }),
      order(91006, new Date(now.getTime() - 20 * 24 * HOUR).toISOString()),
    ]);
    const figures = (
      await invoke(getDashboard, { token: admin, method: 'GET', path: '/api/admin/dashboard', query: { today, since } })
    ).body;
    const todays = (await list({ status: 'sales', from: today })).body.orders as { amounts: { total: number } }[];
    const month = (await list({ status: 'sales', from: since, limit: '100' })).body.orders as {
      amounts: { total: number };
    }[];
    expect(todays.map((o) => (o as unknown as { orderNumber: string }).orderNumber)).toEqual([
      'pi_archive91003',
      'pi_archive91002',
    ]);
    expect(figures.today).toEqual({
      orders: todays.length,
      revenue: todays.reduce((sum, o) => sum + o.amounts.total, 0),
      discounts: 0,
    });
    expect(figures.last30Days).toMatchObject({
      orders: month.length,
      revenue: month.reduce((sum, o) => sum + o.amounts.total, 0),
    });
    expect(month).toHaveLength(4);
  });
});
