/**
 * Numbers and days as people read them (US English), written out by hand rather than through `Intl`: a page's first
 * `toLocaleString` or `toLocaleDateString` loads the browser's locale data, 5-25 ms of main thread on the first load of
 * the category, search and cart pages (docs/decisions/0082). Same text as `'en-US'` gives.
 */

/** 12345 -> "12,345" (a whole number: a count, a size in pixels). */
export function groupThousands(whole: number | string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day in the browser's own time zone, e.g. "Thursday, December 10, 2026". */
export function longDay(day: Date): string {
  return `${WEEKDAYS[day.getDay()]}, ${MONTHS[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`;
}

/** A calendar day (YYYY-MM-DD) as people read it, whatever the time zone: "2026-12-24" -> "December 24, 2026". */
export function calendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${MONTHS[month - 1]} ${date}, ${year}`;
}

/** The shop's own days (a US shop): the days its mails name, whatever the server's clock zone. */
export const SHOP_TIME_ZONE = 'America/New_York';

/** A day as the shop's mails say it, in the shop's days: "November 26" (`year`: "November 26, 2026"). Server side. */
export function mailDay(date: Date, options: { year?: boolean } = {}): string {
  return date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    ...(options.year ? { year: 'numeric' } : {}),
    timeZone: SHOP_TIME_ZONE,
  });
}

/** A stored 10-digit US phone number as people read it: `5125550142` is `(512) 555-0142`; anything else as it is. */
export function formatPhone(digits: string): string {
  const parts = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return parts ? `(${parts[1]}) ${parts[2]}-${parts[3]}` : digits;
}
