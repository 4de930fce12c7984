/**
 * The admin's own days (decision 0054): a date the admin picks or reads (`YYYY-MM-DD`) means that day where their
 * browser is, so the archive sends the instants its midnight and its last moment fall on; the dashboard counts from
 * the same midnights. Each day's instants are computed for that day, so a range across a daylight-saving change is
 * right at both ends.
 */

/** `YYYY-MM-DD` of a moment, in the browser's time zone. */
export function localDate(moment: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`;
}

/** Midnight starting a day, in the browser's time zone. */
export function localMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The instant a local day starts (ISO), or undefined for no date. */
export const localDayStart = (day: string | undefined) => (day ? localMidnight(day).toISOString() : undefined);

/** The last instant of a local day (ISO, the millisecond before the next midnight), or undefined for no date. */
export function localDayEnd(day: string | undefined): string | undefined {
  if (!day) return undefined;
  const start = localMidnight(day);
  return new Date(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime() - 1).toISOString();
}

/** The local midnight `days` days before today's (29: the first of the last 30 days, today included). */
export function midnightDaysAgo(days: number, now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}
