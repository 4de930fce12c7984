import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stockItems } from '../../db/entities/stock-item';
import { ledgerDays } from '../../db/entities/ledger-day';
import { checkDayTotals, dayFromEntries, sumLedgerDays, totalsOf } from '../../domain/money/day-totals';
import { entriesOfDays } from '../../domain/money/ledger';
import { handler as sendMails } from '../../jobs/send-mails';
import { shopDay } from '#shared/gift-cards';
import { sameTotals } from '#shared/reports';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { accessClaims, mintToken } from '#tests/jwt';
import {
  address,
  adminRefund,
  authorizedGuest,
  createCandle,
  createHoodie,
  guestIntent,
  orderNumberOf,
  pay,
  recordGuest,
} from '#tests/checkout';
import { activeCard } from '#tests/gift-cards';
import { handler as getReport } from './get-report';

/**
 * The owner's reports (issue 56 item 1, docs/decisions/0165) against DynamoDB Local and the real checkout: orders in
 * two states (Illinois taxes everything; New York exempts clothing under $110) over two months, refunds in part, a gift
 * card sold and one spent, read back to the cent from each report and its CSV; and the daily totals equal to the
 * ledger after orders, refunds and the job race.
 */
let admin: string;
const NY = { ...address, city: 'New York', state: 'ny', zip: '10001' };
const OCTOBER = new Date('2026-10-15T16:00:00Z'); // noon in New York
const NOVEMBER = new Date('2026-11-10T17:00:00Z');
/** Only the clock is faked (the shop's days), not the timers the SDK and the stand-ins wait on. */
const atTime = (now: Date) =>
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });

const reportOf = (query: Record<string, string>) =>
  invoke(getReport, { token: admin, method: 'GET', path: '/api/admin/reports', query });
async function csvOf(query: Record<string, string>): Promise<string[][]> {
  const answer = await reportOf({ ...query, format: 'csv' });
  expect(answer.status).toBe(200);
  const rows: string[][] = parse(String(answer.body));
  return rows;
}
/** An admin's token of the faked clock's time (the stand-in's would be from the future). */
const refund = (orderNumber: string, body: Record<string, unknown>) =>
  adminRefund(mintToken(accessClaims({ 'cognito:groups': ['admin'] })), orderNumber, {
    refundId: randomUUID(),
    reason: 'damaged',
    ...body,
  });

async function order(cart: unknown[], shippingAddress = address, giftCardCode?: string) {
  const intent = await guestIntent({ cart, shippingAddress, ...(giftCardCode ? { giftCardCode } : {}) });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBeLessThan(300);
  return orderNumberOf(intent.body.paymentIntentId);
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(1000);
  await stockItems.create({ id: 'HOODIES', stock: { S: 50, M: 50, L: 50, XL: 50, '2XL': 50 } });
  await createHoodie('HOODIES');
});
afterEach(() => jest.useRealTimers());

describe('two states, two months', () => {
  beforeAll(async () => {
    atTime(OCTOBER);
    // Illinois, 6.25% on goods and shipping: 2 candles, 3600 + 599 shipping, tax round(4199 x 6.25%) = 262.
    const a = await order([{ id: 'candle', size: 'CANDLE', quantity: 2 }]);
    // New York, 4%: a hoodie ($45, exempt clothing) and a candle; the shipping follows its goods (shares by price:
    // hoodie 428, candle 171), so tax is round((1800 + 171) x 4%) = 79.
    const b = await order(
      [
        { id: 'hoodie', size: 'M', quantity: 1 },
        { id: 'candle', size: 'CANDLE', quantity: 1 },
      ],
      NY,
    );
    // A $50 gift card: money owed, not a sale, in no state.
    const recipientEmail = 'bea-reports@example.com';
    await authorizedGuest([
      {
        id: 'gift-card',
        size: 'GIFT CARD',
        quantity: 1,
        giftCard: { amount: 5000, recipientName: 'Bea', recipientEmail, deliverOn: shopDay(new Date()) },
      },
    ]).then((paid) => recordGuest(paid.paymentIntentId, paid.checkoutSecret));
    await sendMails(undefined, { getRemainingTimeInMillis: () => 10_000 });
    expect(sentMails().some((mail) => mail.to.includes(recipientEmail))).toBe(true);
    // A refund in part the same month: one Illinois candle, 1800 and its tax round(1800 x 6.25%) = 113.
    expect((await refund(a, { lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] })).status).toBe(200);

    atTime(NOVEMBER);
    // The hoodie comes back in November: deducted in November, from New York's non-taxable sales.
    expect((await refund(b, { lines: [{ id: 'hoodie', size: 'M', quantity: 1 }] })).status).toBe(200);
    // A New York candle paid 2000 by a gift card and 495 by card: 1800 + 599 + round(2399 x 4%) = 96.
    const card = await activeCard(2000);
    await order([{ id: 'candle', size: 'CANDLE', quantity: 1 }], NY, card.code);
    jest.useRealTimers();
  });

  const RANGE = { from: '2026-10-01', to: '2026-11-30' };
  const SALES_HEADER = [
    'period',
    'orders',
    'gross_sales',
    'discounts',
    'returns',
    'net_sales',
    'shipping',
    'tax',
    'total_sales',
    'gift_cards_sold',
    'given_back',
  ];

  it('sales by month: gross, discounts, returns, net, shipping, tax, total; refunds in the month they happen', async () => {
    const { status, body } = await reportOf({ report: 'sales', by: 'month', ...RANGE });
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      ['2026-10', 3, 9900, 0, 1800, 8100, 1198, 228, 9526, 5000, 1913],
      ['2026-11', 1, 1800, 0, 4500, -2700, 599, 96, -2005, 0, 4500],
    ]);
    expect(body.totals).toEqual(['Total', 4, 11700, 0, 6300, 5400, 1797, 324, 7521, 5000, 6413]);
    expect(await csvOf({ report: 'sales', by: 'month', ...RANGE })).toEqual([
      SALES_HEADER,
      ['2026-10', '3', '99.00', '0.00', '18.00', '81.00', '11.98', '2.28', '95.26', '50.00', '19.13'],
      ['2026-11', '1', '18.00', '0.00', '45.00', '-27.00', '5.99', '0.96', '-20.05', '0.00', '45.00'],
      ['Total', '4', '117.00', '0.00', '63.00', '54.00', '17.97', '3.24', '75.21', '50.00', '64.13'],
    ]);
    // The total collected and the gift cards sold are every entry's amount, summed (what the ledger holds).
    const entries = await entriesOfDays(RANGE.from, RANGE.to);
    const signed = entries.reduce(
      (sum, entry) => sum + (['captured', 'gift_card_paid'].includes(entry.kind) ? entry.amount : -entry.amount),
      0,
    );
    expect(signed).toBe(7521 + 5000);
  });

  it('by day and by week, in the shop time zone', async () => {
    const days = await reportOf({ report: 'sales', by: 'day', ...RANGE });
    expect(days.body.rows).toHaveLength(61);
    expect(days.body.rows.find((row: unknown[]) => row[0] === '2026-10-15')).toEqual([
      '2026-10-15',
      3,
      9900,
      0,
      1800,
      8100,
      1198,
      228,
      9526,
      5000,
      1913,
    ]);
    const weeks = await reportOf({ report: 'sales', by: 'week', from: '2026-11-01', to: '2026-11-14' });
    expect(weeks.body.rows.map((row: unknown[]) => [row[0], row[5]])).toEqual([
      ['2026-11-01', 0],
      ['2026-11-08', -2700],
    ]);
  });

  it('sales tax by state and month: taxable, non-taxable (clothing) and tax, refunds deducted when made', async () => {
    const { body } = await reportOf({ report: 'tax', by: 'month', ...RANGE });
    expect(body.rows).toEqual([
      ['2026-10', 'IL', 2399, 2399, 0, 149],
      ['2026-10', 'NY', 6899, 1971, 4928, 79],
      ['2026-11', 'NY', -2101, 2399, -4500, 96],
    ]);
    expect(body.totals).toEqual(['Total', '', 7197, 6769, 428, 324]);
    expect(await csvOf({ report: 'tax', by: 'quarter', ...RANGE })).toEqual([
      ['period', 'state', 'sales', 'taxable_sales', 'non_taxable_sales', 'tax_collected'],
      ['2026-Q4', 'IL', '23.99', '23.99', '0.00', '1.49'],
      ['2026-Q4', 'NY', '47.98', '43.70', '4.28', '1.75'],
      ['Total', '', '71.97', '67.69', '4.28', '3.24'],
    ]);
  });

  it('by product, size and category', async () => {
    const { body } = await reportOf({ report: 'products', by: 'range', ...RANGE });
    expect(body.rows).toEqual([
      ['Candle', 'candle', 'CANDLE', 'Candles', 7200, 0, 1800, 5400],
      ['Hoodie', 'hoodie', 'M', 'Hoodies', 4500, 0, 4500, 0],
    ]);
    expect(await csvOf({ report: 'products', by: 'range', ...RANGE })).toEqual([
      ['product', 'product_id', 'size', 'category', 'gross_sales', 'discounts', 'returns', 'net_sales'],
      ['Candle', 'candle', 'CANDLE', 'Candles', '72.00', '0.00', '18.00', '54.00'],
      ['Hoodie', 'hoodie', 'M', 'Hoodies', '45.00', '0.00', '45.00', '0.00'],
      ['Total', '', '', '', '117.00', '0.00', '63.00', '54.00'],
    ]);
  });

  it('gift cards sold, spent and still owed', async () => {
    const { body } = await reportOf({ report: 'gift-cards', by: 'month', ...RANGE });
    expect(body.rows).toEqual([
      ['2026-10', 5000, 0, 0],
      ['2026-11', 0, 0, 2000],
    ]);
    expect(body.owed).toBe(5000);
    expect(await csvOf({ report: 'gift-cards', by: 'month', ...RANGE })).toEqual([
      ['period', 'gift_cards_sold', 'store_credit_issued', 'redeemed'],
      ['2026-10', '50.00', '0.00', '0.00'],
      ['2026-11', '0.00', '0.00', '20.00'],
      ['Total', '50.00', '0.00', '20.00'],
      ['still_owed', '50.00', '', ''],
    ]);
  });

  it('the same figures from the stored daily totals: the job sums each ended day once, and the check agrees', async () => {
    const before = (await reportOf({ report: 'tax', by: 'month', ...RANGE })).body;
    expect(await sumLedgerDays(new Date('2026-12-01T12:00:00Z'), RANGE.from)).toHaveLength(61);
    // Run again: nothing left to sum (every day final).
    expect(await sumLedgerDays(new Date('2026-12-01T12:00:00Z'), RANGE.from)).toEqual([]);
    const stored = await ledgerDays.query('all', {}, { skAtLeast: RANGE.from, skAtMost: RANGE.to });
    expect(stored).toHaveLength(61);
    expect(stored.every((day) => day.final)).toBe(true);
    expect(totalsOf(stored.find((day) => day.day === '2026-10-15')!).entries).toBeGreaterThan(0);
    expect(await checkDayTotals(RANGE.from, RANGE.to)).toEqual({ ok: true, checked: 61, problems: [] });
    expect((await reportOf({ report: 'tax', by: 'month', ...RANGE })).body).toEqual(before);
  });

  it('bad queries are refused', async () => {
    expect((await reportOf({ report: 'sales', from: '2026-11-30', to: '2026-10-01' })).status).toBe(400);
    expect((await reportOf({ report: 'sales', from: '2026-02-30', to: '2026-03-01' })).status).toBe(400);
    expect((await reportOf({ report: 'sales', from: '2020-01-01', to: '2026-03-01' })).status).toBe(400);
    expect((await reportOf({ report: 'nope', from: '2026-01-01', to: '2026-03-01' })).status).toBe(400);
  });
});

it('daily totals equal the ledger after orders, refunds and the job race', async () => {
  // Orders and refunds stamped in the last second of a day, while the job runs just after midnight (their
  // transactions still in flight): it sums the day, not final yet.
  const lastSecond = new Date('2026-12-21T04:59:59Z');
  const justAfter = new Date('2026-12-21T05:00:30Z');
  atTime(lastSecond);
  const today = shopDay(lastSecond);
  const first = await Promise.all([1, 2, 3].map(() => order([{ id: 'candle', size: 'CANDLE', quantity: 2 }])));
  // Orders, refunds in part and the job (twice) all at once.
  await Promise.all([
    ...[1, 2, 3].map(() => order([{ id: 'candle', size: 'CANDLE', quantity: 1 }], NY)),
    ...first.map((orderNumber) => refund(orderNumber, { lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] })),
    sumLedgerDays(justAfter, today),
    sumLedgerDays(justAfter, today),
  ]);
  const during = await ledgerDays.get({ day: today });
  expect(during?.final).toBe(false);
  // After midnight and the margin: summed again (twice at once: the same record), final, and equal to the entries.
  const after = new Date('2026-12-21T06:00:00Z');
  await Promise.all([sumLedgerDays(after, today), sumLedgerDays(after, today)]);
  const stored = (await ledgerDays.get({ day: today }, { consistent: true }))!;
  expect(stored.final).toBe(true);
  expect(sameTotals(totalsOf(stored), await dayFromEntries(today))).toBe(true);
  expect(await checkDayTotals(today, today)).toMatchObject({ ok: true, checked: 1 });
  // Every entry of the day counted: 6 sales and 3 refunds.
  expect(totalsOf(stored).entries).toBe(9);
  expect(totalsOf(stored).orders).toBe(6);
  // The check finds a stored day that differs from its entries.
  await ledgerDays.put({ ...stored, totals: JSON.stringify({ ...totalsOf(stored), orders: 7 }) });
  expect((await checkDayTotals(today, today)).ok).toBe(false);
});
