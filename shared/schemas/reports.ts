import { REPORT_KINDS, REPORT_PERIODS } from '../reports';
import * as z from './zod';

/** A shop day, YYYY-MM-DD, that is a real date. */
const shopDaySchema = z
  .string()
  .check(
    z.refine(
      (value: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value,
      'A date is YYYY-MM-DD.',
    ),
  );

/** GET /api/admin/reports query: which report, its shop days (both included; at most 2 years), by which period. */
export const reportQuerySchema = z
  .strictObject({
    report: z.enum(REPORT_KINDS, { message: 'Report is one of sales, products, gift-cards or tax.' }),
    from: shopDaySchema,
    to: shopDaySchema,
    by: z._default(z.enum(REPORT_PERIODS, { message: 'By is one of day, week, month, quarter or range.' }), 'month'),
    format: z.optional(z.enum(['json', 'csv'])),
  })
  .check(
    z.refine((query) => query.from <= query.to, { message: 'The range ends before it starts.', path: ['to'] }),
    z.refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 731 * 86_400_000, {
      message: 'A report covers at most two years.',
      path: ['to'],
    }),
  );
export type ReportQuery = z.output<typeof reportQuerySchema>;

const cell = z.union([z.string(), z.number()]);

/** A report as its page shows it (the CSV writes the same rows; money in cents). */
export const reportSchema = z.object({
  report: z.enum(REPORT_KINDS),
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_PERIODS),
  columns: z.array(z.object({ key: z.string(), label: z.string(), money: z.boolean() })),
  rows: z.array(z.array(cell)),
  totals: z.nullable(z.array(cell)),
  owed: z.optional(z.number()),
  chart: z.object({ label: z.string(), series: z.array(z.string()), stacked: z.boolean() }),
  /** The first day the reports count (entries before it carry no day, state or parts: decision 0165). */
  since: z.string(),
});
export type Report = z.output<typeof reportSchema>;
