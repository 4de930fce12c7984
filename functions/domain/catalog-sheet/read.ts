import { CsvError, parse } from 'csv-parse/sync';
import {
  FORMULA_START,
  PLAIN_NUMBER,
  SHEET_COLUMNS,
  SHEET_LIMITS,
  SHEET_REFUSALS,
  type SheetColumn,
} from '#shared/catalog-sheet';
import type { ImportProblem } from '#shared/schemas/catalog-sheet';

/** One data row of the file: its line (the header is line 1) and the cells of the columns the shop reads. */
export interface SheetRow {
  line: number;
  cells: Partial<Record<SheetColumn, string>>;
}

/** A file read: its rows, the columns it has that the shop reads, and those it does not read. */
export interface Sheet {
  rows: SheetRow[];
  columns: ReadonlySet<SheetColumn>;
  ignored: string[];
}

/** A whole file refused (its encoding, size, quoting): nothing of it is read further. */
export type SheetRead = { refusal: string } | { sheet: Sheet; problems: ImportProblem[] };

const KNOWN = new Set<string>(SHEET_COLUMNS);

/** What csv-parse says of a broken file, in the owner's words, with its line. */
function quotingRefusal(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line})` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `A quoted cell is never closed${line ? `: the file ends inside it at line ${line}` : ''}. Check the quotes.`;
    case 'INVALID_OPENING_QUOTE':
      return `A quote is inside a cell that does not start with one${at}. Quote the whole cell, doubling its quotes.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `Text follows a cell's closing quote${at}. Quote the whole cell, doubling its quotes.`;
    default:
      return `The file is not a well-formed CSV${at}: ${error.message}`;
  }
}

/**
 * Whether a cell would run as a formula in a spreadsheet (OWASP's CSV injection: =, +, -, @, tab or carriage return
 * first), unless it is a plain number. A cell the export defused (`'=...`) is not: its apostrophe is taken off.
 */
export const isFormula = (cell: string) => FORMULA_START.test(cell.trimStart()) && !PLAIN_NUMBER.test(cell.trim());
const undefused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads an uploaded CSV (issue 55 item 4; docs/decisions/0151) with csv-parse: UTF-8 only (a BOM is taken off; UTF-16
 * or bytes that are not UTF-8 refuse the file), the size and row limits, quoting as RFC 4180 (a broken quote refuses
 * the file with its line). Every cell is checked for a formula: each is a problem of its line and column. Empty lines
 * are skipped; a line with more cells than the header has is a problem.
 */
export function readSheet(bytes: Buffer): SheetRead {
  if (bytes.length > SHEET_LIMITS.csvBytes) return { refusal: SHEET_REFUSALS.csvTooLarge };
  if (bytes.length === 0) return { refusal: SHEET_REFUSALS.empty };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { refusal: SHEET_REFUSALS.utf16 };
  if (bytes.includes(0) || bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    return { refusal: SHEET_REFUSALS.binary };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { refusal: SHEET_REFUSALS.notUtf8 };
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: SHEET_LIMITS.csvBytes,
      // One more than the limit: enough to know the file is over it.
      to: SHEET_LIMITS.rows + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return { refusal: quotingRefusal(error) };
    throw error;
  }
  if (!records.length) return { refusal: SHEET_REFUSALS.empty };
  if (records.length > SHEET_LIMITS.rows + 1) return { refusal: SHEET_REFUSALS.tooManyRows };

  const problems: ImportProblem[] = [];
  const header = records[0].record.map((name) => name.trim());
  const headerLines = records[0].info.lines;
  const seen = new Set<string>();
  for (const name of header) {
    if (name && seen.has(name)) problems.push({ line: 1, column: name, message: `The column ${name} appears twice.` });
    seen.add(name);
  }
  if (!seen.has('Handle')) return { refusal: SHEET_REFUSALS.noHandle };
  header.forEach((name, i) => {
    if (isFormula(name)) problems.push({ line: 1, column: `column ${i + 1}`, message: formulaMessage(name) });
  });

  const rows: SheetRow[] = [];
  let previousEnd = headerLines;
  for (const { record, info } of records.slice(1)) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.length > header.length && record.slice(header.length).some((cell) => cell.trim() !== ''))
      problems.push({
        line,
        column: `column ${header.length + 1}`,
        message: `This line has ${record.length} cells; the first line names ${header.length} columns.`,
      });
    const cells: SheetRow['cells'] = {};
    record.forEach((cell, i) => {
      const column = header[i] ?? `column ${i + 1}`;
      if (isFormula(cell)) problems.push({ line, column, message: formulaMessage(cell) });
      else if (KNOWN.has(column)) cells[column as SheetColumn] = undefused(cell).trim();
    });
    rows.push({ line, cells });
  }
  return {
    sheet: {
      rows,
      columns: new Set(header.filter((name): name is SheetColumn => KNOWN.has(name))),
      ignored: header.filter((name) => name && !KNOWN.has(name)),
    },
    problems,
  };
}

/** Why a formula cell is refused, quoting its start. */
export function formulaMessage(cell: string): string {
  const start = cell.trim().slice(0, 30);
  return `This cell starts like a spreadsheet formula ("${start}${cell.trim().length > 30 ? '…' : ''}"); the shop takes no formulas. Remove the leading =, +, - or @ (or put a ' before it).`;
}
