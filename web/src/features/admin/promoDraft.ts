import { formatCents, toCents } from '#shared/money';
import { centsFromDollars, type PromoKind } from '#shared/promo';
import type { PromoView } from '#shared/schemas/promo';

/** The form's text, as typed: dollars for amounts, local date-times for the window. */
export interface Draft {
  code: string;
  kind: PromoKind;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  maxPerCustomer: string;
  active: boolean;
  /** Combines with an order's sale without a code (issue 54). */
  combinesWithSales: boolean;
}
export const EMPTY_DRAFT: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  maxPerCustomer: '',
  active: true,
  combinesWithSales: false,
};

/** ISO -> the value of a datetime-local input (the admin's own time zone), and back. */
const toLocalInput = (iso?: string) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);
/** A date and time as the admin reads it. */
const when = (iso?: string) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** A code as the form shows it (to edit it, or to send it again whole). */
export function draftOf(promo: PromoView): Draft {
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.kind === 'amount' ? formatCents(promo.value) : promo.kind === 'percent' ? String(promo.value) : '',
    minSubtotal: promo.minSubtotal !== undefined ? formatCents(promo.minSubtotal) : '',
    startsAt: toLocalInput(promo.startsAt),
    endsAt: toLocalInput(promo.endsAt),
    maxRedemptions: promo.maxRedemptions !== undefined ? String(promo.maxRedemptions) : '',
    maxPerCustomer: promo.maxPerCustomer !== undefined ? String(promo.maxPerCustomer) : '',
    active: promo.active,
    combinesWithSales: promo.combinesWithSales,
  };
}

/**
 * The dollar fields as the owner typed them: a sentence in dollars per field that cannot be read (the API takes
 * cents and would answer in cents), checked before anything is sent.
 */
export function dollarProblems(draft: Draft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.kind === 'amount') {
    const value = centsFromDollars(draft.value, 'amountOff');
    if ('problem' in value) problems.value = value.problem;
  }
  if (draft.minSubtotal.trim() !== '') {
    const minimum = centsFromDollars(draft.minSubtotal, 'minSubtotal');
    if ('problem' in minimum) problems.minSubtotal = minimum.problem;
  }
  return problems;
}

/** What is sent: the server checks every field (shared/schemas/promo.ts) and answers a message per field. */
export function bodyOf(draft: Draft) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const cents = (text: string) => (text.trim() === '' ? undefined : toCents(text));
  return {
    kind: draft.kind,
    value:
      draft.kind === 'shipping'
        ? 0
        : draft.kind === 'amount'
          ? (cents(draft.value) ?? Number.NaN)
          : (number(draft.value) ?? Number.NaN),
    minSubtotal: cents(draft.minSubtotal),
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
    maxRedemptions: number(draft.maxRedemptions),
    maxPerCustomer: number(draft.maxPerCustomer),
    active: draft.active,
    combinesWithSales: draft.combinesWithSales,
  };
}

/** When a code can be used, as the list says it. */
export const windowText = (promo: PromoView) =>
  promo.startsAt && promo.endsAt
    ? `${when(promo.startsAt)} – ${when(promo.endsAt)}`
    : promo.startsAt
      ? `from ${when(promo.startsAt)}`
      : promo.endsAt
        ? `until ${when(promo.endsAt)}`
        : 'always';
