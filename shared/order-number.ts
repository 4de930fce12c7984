/**
 * An order's number (docs/decisions/0102): the short number people read aloud, `#1042`, from a counter in the table
 * (the first order is #1001, a number is never given twice). The order's key holds it without the `#` ("1042").
 * Orders from before keep their payment intent id as their number (`pi_...`), and a replacement order is numbered
 * after its request, `<number>_r<n>` ("1042_r1", shown #1042-R1). One definition for pages, mails and the server.
 */

/** The first order's number: the counter's first value is added to FIRST_ORDER_NUMBER - 1. */
export const FIRST_ORDER_NUMBER = 1001;

const SHORT = /^(\d{1,12})(?:_r(\d{1,4}))?$/;
const PAYMENT_ID = /^pi_[A-Za-z0-9_]{1,120}$/;

/**
 * What a person may type or paste as an order number: the short number with or without `#` and spaces (`#1042`,
 * `1042`, `# 1 042`), a replacement's `#1042-R1` (or `1042_r1`), or an older order's `pi_...` number.
 */
export const ORDER_NUMBER_INPUT = /^[\s#]*(?:\d[\d\s]{0,15}(?:[-_\s]*[rR]\s*\d{1,4})?|pi_[A-Za-z0-9_]{1,120})\s*$/;

/** Whether an order key is a short number (or a short number's replacement), not an older order's `pi_...`. */
export const isShortNumber = (orderNumber: string) => SHORT.test(orderNumber);

/**
 * An order number as typed, as the key it stands for ("#1042" -> "1042", "#1042-R1" -> "1042_r1", "pi_..." as it
 * is), or null when it cannot be one.
 */
export function canonicalOrderNumber(input: string): string | null {
  if (!ORDER_NUMBER_INPUT.test(input)) return null;
  const text = input.trim();
  if (PAYMENT_ID.test(text)) return text;
  const match = /^(\d+)(?:[-_]*[rR](\d+))?$/.exec(text.replace(/[\s#]/g, ''));
  if (!match) return null;
  const number = String(Number(match[1]));
  const canonical = match[2] ? `${number}_r${Number(match[2])}` : number;
  return SHORT.test(canonical) ? canonical : null;
}

/** How an order's number is shown and mailed: "#1042", a replacement "#1042-R1"; an older `pi_...` number as it is. */
export function orderLabel(orderNumber: string): string {
  const match = SHORT.exec(orderNumber);
  if (!match) return orderNumber;
  return match[2] ? `#${match[1]}-R${match[2]}` : `#${match[1]}`;
}
