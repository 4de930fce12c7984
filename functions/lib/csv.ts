/**
 * A CSV cell for the owner's downloads (orders, gift cards): quoted when needed; a leading = + - @ is defused so a
 * spreadsheet never runs it as a formula.
 */
export const csvCell = (value: string | number | null | undefined) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
