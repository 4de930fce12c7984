import { TableScroll } from './TableScroll';
import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { REPORT_KINDS, REPORT_TITLES, REPORTS_START } from '#shared/reports';
import type { Report } from '#shared/schemas/reports';
import { MarketingExportForm } from './MarketingExportForm';
import ReportChart from './ReportChart';
import { downloadReportCsv, getFunnel, getReport, reportParams } from './reportsApi';
import { FunnelTable } from './FunnelTable';
import { AdminPage, problemText } from './useAdmin';

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const params = reportParams(new URL(request.url).searchParams);
  const [report, funnel] = await Promise.all([getReport(params), getFunnel(params)]);
  return { params, report, funnel };
};

const PERIOD_WORDS = { day: 'Day', week: 'Week', month: 'Month', quarter: 'Quarter', range: 'Whole range' } as const;

/** Dollars, a minus sign before a negative amount (a month whose returns were more than its sales). */
const dollars = (cents: number) => (cents < 0 ? `-${formatPrice(-cents)}` : formatPrice(cents));
const cell = (report: Report, value: string | number, index: number) =>
  report.columns[index]?.money && typeof value === 'number' ? dollars(value) : value;

/**
 * The owner's reports (issue 56 item 1, docs/owner-guide.md#reports): sales, by product, gift cards and the sales tax
 * by state, over a range by day, week, month or quarter; a chart, the table and its CSV, all from the ledger.
 */
export default function AdminReportsPage() {
  const { params, report, funnel } = useLoaderData<typeof loader>();
  const [problem, setProblem] = useState<string | null>(null);
  const download = () => downloadReportCsv(params).catch((error: unknown) => setProblem(problemText(error)));
  return (
    <AdminPage
      title="Reports"
      notice={problem ? { variation: 'error', text: problem } : null}
      actions={<Button onClick={() => void download()}>Download CSV</Button>}
    >
      <nav className="report-kinds" aria-label="Reports">
        {REPORT_KINDS.map((kind) => (
          <a
            key={kind}
            href={`?${new URLSearchParams({ ...params, report: kind }).toString()}`}
            aria-current={kind === params.report ? 'page' : undefined}
          >
            {REPORT_TITLES[kind]}
          </a>
        ))}
      </nav>
      <Form method="get" className="report-range">
        <input type="hidden" name="report" value={params.report} />
        <label>
          From <input type="date" name="from" defaultValue={params.from} required />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={params.to} required />
        </label>
        <label>
          By{' '}
          <select name="by" defaultValue={params.by}>
            {Object.entries(PERIOD_WORDS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="small">
          Show
        </Button>
      </Form>
      <p className="muted">
        Days in the shop&apos;s time zone (New York). Refunds count on the day they are made. The reports count from{' '}
        {new Date(`${REPORTS_START}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })},
        when the ledger began to record each sale&apos;s day, state and parts; orders before then are in Orders and its
        CSV.
      </p>
      {report.rows.length > 0 && <ReportChart report={report} />}
      <TableScroll label={`${REPORT_TITLES[report.report]} table`}>
        <table className="report-table" data-testid="report-table">
          <caption className="visually-hidden">
            {REPORT_TITLES[report.report]} from {report.from} to {report.to}
          </caption>
          <thead>
            <tr>
              {report.columns.map((column) => (
                <th key={column.key} scope="col" className={column.money ? 'num' : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.rows.length === 0 && (
              <tr>
                <td colSpan={report.columns.length}>Nothing in this range.</td>
              </tr>
            )}
            {report.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((value, index) => (
                  <td key={index} className={report.columns[index]?.money ? 'num' : undefined}>
                    {cell(report, value, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {report.totals && report.rows.length > 0 && (
            <tfoot>
              <tr>
                {report.totals.map((value, index) => (
                  <th
                    key={index}
                    scope={index === 0 ? 'row' : undefined}
                    className={report.columns[index]?.money ? 'num' : undefined}
                  >
                    {cell(report, value, index)}
                  </th>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
      {report.owed !== undefined && (
        <p>
          <strong>Still owed on gift cards and store credit now: {dollars(report.owed)}</strong>
        </p>
      )}
      <FunnelTable funnel={funnel} />
      <MarketingExportForm />
    </AdminPage>
  );
}
