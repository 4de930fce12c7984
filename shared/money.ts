import { taxRate } from './tax';

/** Flat shipping and handling, in cents ($5.99). */
export const SHIPPING_CENTS = 599;
export const CURRENCY = 'usd';

export interface Amounts {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

export interface PricedLine {
  price: number;
  quantity: number;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Tax = round((subtotal + shipping) * state rate); total = subtotal + shipping + tax. All integer cents. */
export function computeAmounts(lines: readonly PricedLine[], state: string): Amounts {
  const subtotal = subtotalCents(lines);
  const tax = Math.round((subtotal + SHIPPING_CENTS) * taxRate(state));
  return { subtotal, shipping: SHIPPING_CENTS, tax, total: subtotal + SHIPPING_CENTS + tax };
}

/** 1234 -> "12.34" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 -> "$12.34" */
export function formatPrice(cents: number): string {
  return `$${formatCents(cents)}`;
}

/** "12.34" or 12.34 -> 1234; NaN when it is not a money amount. */
export function toCents(dollars: string | number): number {
  const text = String(dollars).trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Arrival date shown in the cart: today plus 14 days (spec section 9). */
export const ARRIVAL_DAYS = 14;
export function estimatedArrival(from: Date = new Date()): Date {
  const d = new Date(from);
  d.setDate(d.getDate() + ARRIVAL_DAYS);
  return d;
}
