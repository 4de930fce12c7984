import { CATEGORIES } from '#shared/categories';
import { buildReport, REPORTS_START, type ProductInfo } from '#shared/reports';
import type { Report, ReportQuery } from '#shared/schemas/reports';
import { giftCards } from '../../db/entities/gift-card';
import { csvMoneyText, type CsvRow } from '../../lib/csv';
import { listProductRecords } from '../catalog/products';
import { outstandingOf } from '../gift-cards/figures';
import { dayTotals } from '../money/day-totals';

/** A product's category as the shop's pages name it: the first category its tag words hold. */
function categoryOf(tag: string): string {
  const words = tag.toLowerCase().split(/[\s,]+/);
  return (
    CATEGORIES.find((category) => category.slug !== 'new-releases' && words.includes(category.slug))?.label ??
    CATEGORIES.find((category) => words.includes(category.slug))?.label ??
    tag
  );
}

/**
 * One of the owner's reports (issue 56 item 1, docs/decisions/0165): the days' totals (stored by the day-totals job,
 * or summed from a day's entries while it is not final), added up by shared/reports.ts. Products are named from the
 * catalogue (a product deleted since shows its id); the gift cards' still owed is the cards' balances now.
 */
export async function report(query: ReportQuery, now = new Date()): Promise<Report> {
  const [days, listed, drafted, cards] = await Promise.all([
    dayTotals(query.from, query.to, now),
    query.report === 'products' ? listProductRecords('listed') : [],
    query.report === 'products' ? listProductRecords('drafted') : [],
    query.report === 'gift-cards' ? giftCards.query('all', {}) : null,
  ]);
  const products = new Map<string, ProductInfo>(
    [...drafted, ...listed].map((product) => [product.id, { name: product.name, category: categoryOf(product.tag) }]),
  );
  const table = buildReport({
    ...query,
    days,
    products,
    ...(cards ? { giftCardsOwed: outstandingOf(cards) } : {}),
  });
  return { ...table, since: REPORTS_START };
}

/**
 * The report as CSV, the same rows as its page: a header of the column keys (docs/owner-guide.md explains each), money
 * in dollars with two decimals and no currency sign, the totals row last; gift cards add the line "still_owed".
 */
export async function reportCsv(query: ReportQuery, now = new Date()): Promise<{ csv: string; fileName: string }> {
  const table = await report(query, now);
  const money = new Set(table.columns.flatMap((column, index) => (column.money ? [index] : [])));
  const rows: CsvRow[] = [table.columns.map((column) => column.key), ...table.rows];
  if (table.totals) rows.push(table.totals);
  if (table.owed !== undefined) rows.push(['still_owed', table.owed, ...table.columns.slice(2).map(() => '')]);
  return {
    csv: csvMoneyText(rows, money),
    fileName: `${query.report}-by-${query.by}-${query.from}-to-${query.to}.csv`,
  };
}
