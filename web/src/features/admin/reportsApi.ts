import { addDays, shopDay } from '#shared/gift-cards';
import { REPORT_KINDS, REPORT_PERIODS, REPORTS_START, type ReportKind, type ReportPeriod } from '#shared/reports';
import { funnelSchema } from '#shared/schemas/funnel';
import { reportSchema } from '#shared/schemas/reports';
import { api } from '../../lib/api';
import { downloadCsv } from './adminApi';

export interface ReportParams {
  report: ReportKind;
  from: string;
  to: string;
  by: ReportPeriod;
}

/**
 * The report a page address asks for; by default sales by month, this year up to today (the shop's days), from the day
 * the reports begin if that is later (no months of zeros before it).
 */
export function reportParams(search: URLSearchParams, now = new Date()): ReportParams {
  const today = shopDay(now);
  const report = search.get('report') as ReportKind | null;
  const by = search.get('by') as ReportPeriod | null;
  const day = (value: string | null, fallback: string) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : fallback;
  return {
    report: report && REPORT_KINDS.includes(report) ? report : 'sales',
    from: day(search.get('from'), [`${today.slice(0, 4)}-01-01`, REPORTS_START].sort()[1]),
    to: day(search.get('to'), today),
    by: by && REPORT_PERIODS.includes(by) ? by : 'month',
  };
}

const queryOf = (params: ReportParams, csv = false) =>
  new URLSearchParams({ ...params, ...(csv ? { format: 'csv' } : {}) }).toString();

export const getReport = (params: ReportParams) =>
  api(`/api/admin/reports?${queryOf(params)}`, reportSchema, { auth: true });

export const downloadReportCsv = (params: ReportParams) =>
  downloadCsv(`/api/admin/reports?${queryOf(params, true)}`, `${params.report}.csv`);

/**
 * The shoppers' path over the report's days; a range longer than the funnel takes (92 days) shows its last 30 days.
 */
export function getFunnel(params: ReportParams) {
  const long = Date.parse(params.to) - Date.parse(params.from) > 91 * 86_400_000;
  const from = long ? addDays(params.to, -29) : params.from;
  return api(`/api/admin/funnel?${new URLSearchParams({ from, to: params.to }).toString()}`, funnelSchema, {
    auth: true,
  });
}
