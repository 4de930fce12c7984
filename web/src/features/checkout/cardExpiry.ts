/**
 * A card's expiry as shoppers type it: `12/30`, `12 / 30`, `12-30`, `12/2030`, and without a separator `1230`,
 * `122030` or `130` (January 2030). Null when it cannot be read (the form then says how to type it and sends
 * nothing: a failed attempt counts towards the checkout's card limit).
 */
export function readExpiry(typed: string): { month: number; year: number } | null {
  const parts = typed
    .trim()
    .split(/\s*[/\-.\s]\s*/)
    .filter(Boolean);
  let month: string;
  let year: string;
  if (parts.length === 2) [month, year] = parts as [string, string];
  else if (parts.length === 1 && /^\d{3,4}$|^\d{6}$/.test(parts[0])) {
    const digits = parts[0];
    const monthDigits = digits.length === 3 ? 1 : 2;
    month = digits.slice(0, monthDigits);
    year = digits.slice(monthDigits);
  } else return null;
  if (!/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) return null;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return null;
  return { month: monthNumber, year: Number(year) };
}

/** The expiry as the form shows it once read: `12/30`. */
export const showExpiry = ({ month, year }: { month: number; year: number }) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
