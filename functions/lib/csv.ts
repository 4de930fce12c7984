/**
 * A CSV cell for the owner's downloads (orders, gift cards, the catalogue): quoted when needed; a leading = + - @ is
 * defused so a spreadsheet never runs it as a formula.
 */
export const csvCell = (value: string | number | null | undefined) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return feedCell(text);
};

/**
 * A CSV cell of a file a machine reads (the Meta catalog feed): quoted when it holds a quote, a comma or a line break,
 * otherwise as it is.
 */
export const feedCell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
