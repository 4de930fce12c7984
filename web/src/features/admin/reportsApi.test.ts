import { REPORTS_START } from '#shared/reports';
import { reportParams } from './reportsApi';

describe("the report's default range", () => {
  it('is this year up to today, from the day the reports begin in their first year', () => {
    const noon = (day: string) => new Date(`${day}T17:00:00Z`);
    expect(reportParams(new URLSearchParams(), noon('2026-12-20'))).toEqual({
      report: 'sales',
      from: REPORTS_START,
      to: '2026-12-20',
      by: 'month',
    });
    expect(reportParams(new URLSearchParams(), noon('2027-03-05')).from).toBe('2027-01-01');
    expect(reportParams(new URLSearchParams('from=2026-11-01&by=week'), noon('2027-03-05'))).toMatchObject({
      from: '2026-11-01',
      by: 'week',
    });
  });
});
