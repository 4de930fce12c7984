import { GIFT_CARD_PRODUCT_ID } from './gift-cards';
import { NO_PARTS, partsTotal, type LedgerLineParts, type LedgerParts } from './ledger-parts';
import { toStateCode } from './tax';
import { SHIPPING_EXEMPT_STATES } from './tax-rules';

/**
 * The owner's reports (issue 56 item 1, docs/decisions/0165), read from the one ledger's entries and never computed a
 * second way: a shop day's entries are summed into that day's totals (`sumDay`), and every report is those totals
 * added up over its days (`buildReport`). Cents throughout; a refund's figures are counted on the day it happened.
 *
 * The words, as Shopify's sales report uses them:
 * - gross sales: the price of goods sold (gift cards bought are not goods: they are money owed, decision 0146);
 * - discounts: promo codes' parts of those sales;
 * - returns: the goods given back, less their discount share (refunds in part, a cancel, store credit);
 * - net sales = gross sales - discounts - returns; shipping and tax: charged less given back;
 * - total sales = net sales + shipping + tax.
 * A gift card's part of an order pays for goods like a card does, so sales count the goods whatever paid for them.
 */

/** What reports read of a ledger entry (functions/db/entities/ledger.ts). */
export interface ReportEntry {
  orderNumber: string;
  kind:
    'captured' | 'refunded' | 'refund_failed' | 'cancelled' | 'gift_card_paid' | 'gift_card_returned' | 'store_credit';
  amount: number;
  shopDay?: string;
  shipTo?: string;
  parts?: LedgerParts;
  lines?: LedgerLineParts[];
}

/** A sale: the card's capture and a gift card's part; everything else gives back. */
const SALE_KINDS: readonly ReportEntry['kind'][] = ['captured', 'gift_card_paid'];

/** A product and size's figures of a day: [goods sold, their discount, goods returned, their discount]. */
export type LineFigures = [number, number, number, number];
/** A state's figures of a day (sales less refunds): [taxable sales, non-taxable sales, tax]. */
export type StateFigures = [number, number, number];

/** One shop day's totals, summed from its entries (what the day-totals job stores, and what a live day reads). */
export interface DayTotals {
  day: string;
  /** How many entries were summed (the check compares it too). */
  entries: number;
  /** Orders with a sale entry that day. */
  orders: number;
  /** The sales' parts (captures and gift cards' parts). */
  sales: LedgerParts;
  /** What was given back, in parts (refunds, refused refunds taken off, cancels, back to gift cards, store credit). */
  refunds: LedgerParts;
  /** Gift cards spent on orders, less what went back to them. */
  giftCardsRedeemed: number;
  /** Refunds made as store credit (new cards owed). */
  storeCredit: number;
  /** Per product and size (`<id>|<size>`), goods only. */
  lines: Record<string, LineFigures>;
  /** Per ship-to state ('' for orders that ship nothing). */
  states: Record<string, StateFigures>;
}

export const emptyDay = (day: string): DayTotals => ({
  day,
  entries: 0,
  orders: 0,
  sales: { ...NO_PARTS },
  refunds: { ...NO_PARTS },
  giftCardsRedeemed: 0,
  storeCredit: 0,
  lines: {},
  states: {},
});

const addParts = (into: LedgerParts, parts: LedgerParts, sign = 1) => {
  for (const key of Object.keys(NO_PARTS) as (keyof LedgerParts)[]) into[key] += sign * parts[key];
};

/**
 * A day's totals from its entries. A line is taxable sales when tax was charged on it (its tax part is not 0) and
 * non-taxable otherwise (a clothing exemption, a state without sales tax, a gift card); its sales are its goods less
 * discount plus its shipping share, which follows its goods as the tax rule has it (shared/tax-rules.ts), and is
 * non-taxable in a state that does not tax shipping. A line of clothing taxed only over a threshold (MA, RI) counts
 * as taxable in full. Entries without parts (written before decision 0154) cannot be split and are left out: the
 * reports start on the day entries began to carry them (decision 0165).
 */
export function sumDay(day: string, entries: readonly ReportEntry[]): DayTotals {
  const totals = emptyDay(day);
  const sold = new Set<string>();
  for (const entry of entries) {
    if (!entry.parts || entry.shopDay !== day) continue;
    totals.entries += 1;
    const sale = SALE_KINDS.includes(entry.kind);
    const sign = sale ? 1 : -1;
    if (sale) sold.add(entry.orderNumber);
    addParts(sale ? totals.sales : totals.refunds, entry.parts);
    if (entry.kind === 'gift_card_paid') totals.giftCardsRedeemed += entry.amount;
    if (entry.kind === 'gift_card_returned') totals.giftCardsRedeemed -= entry.amount;
    if (entry.kind === 'store_credit') totals.storeCredit += entry.amount;
    // By the state's code (an address keeps the state as typed: "il", "Illinois").
    const code = entry.shipTo ? toStateCode(entry.shipTo) : null;
    const state = code ?? (entry.shipTo ?? '').trim().toUpperCase();
    const shippingExempt = code !== null && SHIPPING_EXEMPT_STATES.includes(code);
    for (const line of entry.lines ?? []) {
      // Gift cards bought are stored value, not sales: in no state's figures.
      if (line.id === GIFT_CARD_PRODUCT_ID) continue;
      const figures = (totals.states[state] ??= [0, 0, 0]);
      const taxed = line.tax !== 0;
      // The shipping of a line follows its goods (shared/tax-rules.ts), untaxed where a state exempts shipping.
      figures[taxed ? 0 : 1] += sign * (line.goods - line.discount);
      figures[taxed && !shippingExempt ? 0 : 1] += sign * line.shipping;
      figures[2] += sign * line.tax;
      if (line.id === 'shipping' || (line.goods === 0 && line.discount === 0)) continue;
      const key = `${line.id}|${line.size}`;
      const goods = (totals.lines[key] ??= [0, 0, 0, 0]);
      goods[sale ? 0 : 2] += line.goods;
      goods[sale ? 1 : 3] += line.discount;
    }
  }
  totals.orders = sold.size;
  return totals;
}

/** Two day totals are the same figures (the check of the stored totals against the entries), whatever their keys' order. */
export const sameTotals = (a: DayTotals, b: DayTotals) => canonical(a) === canonical(b);
const canonical = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
        .join(',')}}`
    : Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : JSON.stringify(value);

/**
 * The first shop day whose entries carry their day, state and parts (issue 52, decision 0154): the reports count from
 * it. Orders before it are in the orders archive and its CSV (decision 0165).
 */
export const REPORTS_START = '2026-12-02';

// ---- Periods --------------------------------------------------------------------------------------------------------

export const REPORT_PERIODS = ['day', 'week', 'month', 'quarter', 'range'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/**
 * The period a shop day falls in, named by its first day's date or its month: a day `2026-12-02`; a week (Sunday to
 * Saturday, as US calendars run) `2026-11-29`; a month `2026-12`; a quarter `2026-Q4`; a range: the whole range.
 */
export function periodOf(day: string, by: ReportPeriod, from: string, to: string): string {
  if (by === 'day') return day;
  if (by === 'month') return day.slice(0, 7);
  if (by === 'quarter') return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
  if (by === 'range') return `${from} to ${to}`;
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - date.getUTCDay());
  return date.toISOString().slice(0, 10);
}

/** The shop days from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to;) {
    days.push(day);
    const date = new Date(`${day}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    day = date.toISOString().slice(0, 10);
  }
  return days;
}

// ---- The reports ----------------------------------------------------------------------------------------------------

export const REPORT_KINDS = ['sales', 'products', 'gift-cards', 'tax'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  sales: 'Sales',
  products: 'By product',
  'gift-cards': 'Gift cards',
  tax: 'Sales tax by state',
};

/** A column of a report: its CSV header (`key`), the words on the page, and whether it is money (cents). */
export interface ReportColumn {
  key: string;
  label: string;
  money: boolean;
}

/** A report as the page shows it and the CSV writes it: the same rows. */
export interface ReportTable {
  report: ReportKind;
  from: string;
  to: string;
  by: ReportPeriod;
  columns: ReportColumn[];
  rows: (string | number)[][];
  /** The totals row (the first cell reads "Total"), or null where a total means nothing. */
  totals: (string | number)[] | null;
  /** Gift cards: what every card that can still be spent holds now (sold and store credit, less spent, in all). */
  owed?: number;
  /** Which columns the chart draws: the label column and the series (keys). */
  chart: { label: string; series: string[]; stacked: boolean };
}

/** A product's name and category, for the product report (from the catalogue). */
export interface ProductInfo {
  name: string;
  category: string;
}

const money = (key: string, label: string): ReportColumn => ({ key, label, money: true });
const text = (key: string, label: string): ReportColumn => ({ key, label, money: false });

const SALES_COLUMNS: ReportColumn[] = [
  text('period', 'Period'),
  text('orders', 'Orders'),
  money('gross_sales', 'Gross sales'),
  money('discounts', 'Discounts'),
  money('returns', 'Returns'),
  money('net_sales', 'Net sales'),
  money('shipping', 'Shipping'),
  money('tax', 'Tax'),
  money('total_sales', 'Total sales'),
  money('gift_cards_sold', 'Gift cards sold'),
  money('given_back', 'Refunds given back'),
];

/** The sales columns of a sum of days. */
function salesFigures(days: readonly DayTotals[]): number[] {
  const sales = { ...NO_PARTS };
  const refunds = { ...NO_PARTS };
  let orders = 0;
  for (const day of days) {
    addParts(sales, day.sales);
    addParts(refunds, day.refunds);
    orders += day.orders;
  }
  const returns = refunds.goods - refunds.discount;
  const net = sales.goods - sales.discount - returns;
  const shipping = sales.shipping - refunds.shipping;
  const tax = sales.tax - refunds.tax;
  return [
    orders,
    sales.goods,
    sales.discount,
    returns,
    net,
    shipping,
    tax,
    net + shipping + tax,
    sales.giftCard - refunds.giftCard,
    partsTotal(refunds),
  ];
}

const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
};

const columnSums = (rows: readonly (string | number)[][], from: number) =>
  rows[0]?.slice(from).map((_, index) => rows.reduce((sum, row) => sum + Number(row[from + index]), 0)) ?? [];

/**
 * A report of the days `days` (each day of the range, with its totals: a day with no entries is emptyDay), by
 * period. `giftCardsOwed`: what every card that can still be spent holds now (the cards' own ledger).
 */
export function buildReport(input: {
  report: ReportKind;
  from: string;
  to: string;
  by: ReportPeriod;
  days: readonly DayTotals[];
  products?: ReadonlyMap<string, ProductInfo>;
  giftCardsOwed?: number;
}): ReportTable {
  const { report, from, to, by, days } = input;
  const periods = groupBy(days, (day) => periodOf(day.day, by, from, to));
  const base = { report, from, to, by };
  if (report === 'sales') {
    const rows = [...periods].map(([period, ofPeriod]) => [period, ...salesFigures(ofPeriod)]);
    return {
      ...base,
      columns: SALES_COLUMNS,
      rows,
      totals: ['Total', ...salesFigures(days)],
      chart: { label: 'period', series: ['net_sales', 'returns'], stacked: false },
    };
  }
  if (report === 'gift-cards') {
    const figures = (ofPeriod: readonly DayTotals[]) => {
      const sold = ofPeriod.reduce((sum, day) => sum + day.sales.giftCard - day.refunds.giftCard, 0);
      const redeemed = ofPeriod.reduce((sum, day) => sum + day.giftCardsRedeemed, 0);
      const credit = ofPeriod.reduce((sum, day) => sum + day.storeCredit, 0);
      return [sold, credit, redeemed];
    };
    const rows = [...periods].map(([period, ofPeriod]) => [period, ...figures(ofPeriod)]);
    return {
      ...base,
      columns: [
        text('period', 'Period'),
        money('gift_cards_sold', 'Gift cards sold'),
        money('store_credit_issued', 'Store credit issued'),
        money('redeemed', 'Spent on orders'),
      ],
      rows,
      totals: ['Total', ...figures(days)],
      owed: input.giftCardsOwed,
      chart: { label: 'period', series: ['gift_cards_sold', 'redeemed'], stacked: false },
    };
  }
  if (report === 'products') {
    const lines = new Map<string, LineFigures>();
    for (const day of days)
      for (const [key, figures] of Object.entries(day.lines)) {
        const sum = lines.get(key) ?? [0, 0, 0, 0];
        figures.forEach((value, index) => (sum[index] += value));
        lines.set(key, sum);
      }
    const rows = [...lines]
      .map(([key, [goods, discount, returned, returnedDiscount]]) => {
        const [id, size] = key.split('|');
        const info = input.products?.get(id);
        const returns = returned - returnedDiscount;
        return [info?.name ?? id, id, size, info?.category ?? '', goods, discount, returns, goods - discount - returns];
      })
      .sort((a, b) => Number(b[7]) - Number(a[7]) || String(a[0]).localeCompare(String(b[0])));
    return {
      ...base,
      columns: [
        text('product', 'Product'),
        text('product_id', 'Product id'),
        text('size', 'Size'),
        text('category', 'Category'),
        money('gross_sales', 'Gross sales'),
        money('discounts', 'Discounts'),
        money('returns', 'Returns'),
        money('net_sales', 'Net sales'),
      ],
      rows,
      totals: rows.length ? ['Total', '', '', '', ...columnSums(rows, 4)] : null,
      chart: { label: 'product', series: ['net_sales'], stacked: false },
    };
  }
  // Sales tax: by state and period (a month or a quarter is what a state's return asks for).
  const rows: (string | number)[][] = [];
  for (const [period, ofPeriod] of periods) {
    const states = new Map<string, StateFigures>();
    for (const day of ofPeriod)
      for (const [state, figures] of Object.entries(day.states)) {
        const sum = states.get(state) ?? [0, 0, 0];
        figures.forEach((value, index) => (sum[index] += value));
        states.set(state, sum);
      }
    for (const [state, [taxable, nonTaxable, tax]] of [...states].sort(([a], [b]) => a.localeCompare(b)))
      rows.push([period, state || 'None (gift cards only)', taxable + nonTaxable, taxable, nonTaxable, tax]);
  }
  return {
    ...base,
    columns: [
      text('period', 'Period'),
      text('state', 'State'),
      money('sales', 'Sales'),
      money('taxable_sales', 'Taxable sales'),
      money('non_taxable_sales', 'Non-taxable sales'),
      money('tax_collected', 'Tax collected'),
    ],
    rows,
    totals: rows.length ? ['Total', '', ...columnSums(rows, 2)] : null,
    chart: { label: 'state', series: ['taxable_sales', 'non_taxable_sales'], stacked: true },
  };
}
