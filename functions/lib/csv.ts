import { stringify, type Options } from 'csv-stringify/sync';
import { formatCents } from '#shared/money';

/** A row of the owner's downloads: a cell is text or a number; null and undefined are empty. */
export type CsvRow = readonly (string | number | null | undefined)[];

/**
 * How the shop writes every CSV (the owner's downloads, the catalogue's export, Meta's feed), with csv-stringify: lines
 * ended by CRLF, and a cell quoted where CSV needs it, a line break of its own included (csv-stringify quotes a cell
 * holding the record delimiter, CRLF, but not a bare LF, which a spreadsheet would read as a new row).
 */
export const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const satisfies Options;

/**
 * The owner's downloads (orders, gift cards) as CSV: as CSV_OPTIONS writes it, and a cell that starts with = + - @ (or
 * a tab or a return) escaped with a ' (`escape_formulas`), so a spreadsheet never runs it as a formula.
 */
export const csvText = (rows: readonly CsvRow[]): string =>
  stringify(rows as unknown[][], { ...CSV_OPTIONS, escape_formulas: true });

/**
 * The owner's reports as CSV (docs/decisions/0165): as csvText, and a number in a money column (cents) written as
 * dollars with two decimals, a minus sign before a negative one. Numbers are written by the shop, never typed by
 * anyone, so they need no formula escape ("-27.00" stays a number in a spreadsheet); text cells are escaped as ever.
 */
export const csvMoneyText = (rows: readonly CsvRow[], moneyColumns: ReadonlySet<number>): string =>
  stringify(rows as unknown[][], {
    ...CSV_OPTIONS,
    escape_formulas: true,
    cast: {
      number: (value, context) => (moneyColumns.has(Number(context.index)) ? formatCents(value) : String(value)),
    },
  });
