import { screen, within } from '@testing-library/react';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

// The chart draws on a canvas jsdom does not have; the table holds every figure.
jest.mock('./ReportChart', () => ({ __esModule: true, default: () => <div data-testid="chart" /> }));

/** /admin/reports (issue 56 item 1): the report the address asks for, its table and totals in dollars. */
const tax = {
  report: 'tax',
  from: '2026-10-01',
  to: '2026-11-30',
  by: 'month',
  since: '2026-12-02',
  columns: [
    { key: 'period', label: 'Period', money: false },
    { key: 'state', label: 'State', money: false },
    { key: 'sales', label: 'Sales', money: true },
    { key: 'taxable_sales', label: 'Taxable sales', money: true },
    { key: 'non_taxable_sales', label: 'Non-taxable sales', money: true },
    { key: 'tax_collected', label: 'Tax collected', money: true },
  ],
  rows: [
    ['2026-10', 'IL', 2399, 2399, 0, 149],
    ['2026-11', 'NY', -2101, 2399, -4500, 96],
  ],
  totals: ['Total', '', 298, 4798, -4500, 245],
  chart: { label: 'state', series: ['taxable_sales', 'non_taxable_sales'], stacked: true },
};
const zero = { view: 0, cart: 0, checkout: 0, card: 0, paid: 0 };
const funnel = {
  from: '2026-10-01',
  to: '2026-11-30',
  counts: { view: 200, cart: 40, checkout: 20, card: 15, paid: 12 },
  weekBefore: { from: '2026-09-24', to: '2026-09-30', counts: { view: 50, cart: 5, checkout: 4, card: 4, paid: 2 } },
  byDevice: [
    { device: 'phone', counts: { view: 150, cart: 30, checkout: 15, card: 10, paid: 8 } },
    { device: 'tablet', counts: zero },
    { device: 'desktop', counts: { view: 50, cart: 10, checkout: 5, card: 5, paid: 4 } },
  ],
  bySource: [{ source: 'cart-reminder', counts: { view: 20, cart: 10, checkout: 8, card: 8, paid: 6 } }],
};
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    asked.push(urlOf(input));
    if (urlOf(input).startsWith('/api/admin/funnel?')) return json(200, funnel);
    return urlOf(input).startsWith('/api/admin/reports?')
      ? json(200, tax)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

it('asks for the report of the address and shows its rows and totals in dollars, with a chart', async () => {
  renderAdmin('/admin/reports?report=tax&from=2026-10-01&to=2026-11-30&by=month');
  const table = await screen.findByTestId('report-table');
  expect(asked).toContain('/api/admin/reports?report=tax&from=2026-10-01&to=2026-11-30&by=month');
  const rows = within(table).getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual([
    'PeriodStateSalesTaxable salesNon-taxable salesTax collected',
    '2026-10IL$23.99$23.99$0.00$1.49',
    '2026-11NY-$21.01$23.99-$45.00$0.96',
    'Total$2.98$47.98-$45.00$2.45',
  ]);
  expect(screen.getByTestId('chart')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Sales tax by state' }).getAttribute('aria-current')).toBe('page');
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
});

it("shows the shoppers' path with each step's rate, beside the week before", async () => {
  renderAdmin('/admin/reports?report=sales&from=2026-10-01&to=2026-11-30&by=month');
  const table = await screen.findByTestId('funnel-table');
  expect(asked).toContain('/api/admin/funnel?from=2026-10-01&to=2026-11-30');
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'StepCountFrom the step beforeWeek beforeRate, week before',
    'Product views20050',
    'Cart adds4020.0%510.0%',
    'Checkouts started2050.0%480.0%',
    'Card step reached1575.0%4100.0%',
    'Orders paid1280.0%250.0%',
  ]);
  expect(screen.getByTestId('funnel-by').textContent).toContain('from cart-reminder');
});
