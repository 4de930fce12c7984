import { formatCents, toCents } from '#shared/money';
import { centsFromDollars } from '#shared/promo';
import type { SaleKind } from '#shared/sales';
import type { SaleView } from '#shared/schemas/sales';

/**
 * The Sales form's text as typed (issue 54): dollars for amounts, the shop's time zone for the window (the server
 * reads "2026-12-04T12:00" as the shop's wall clock), products as ids separated by commas.
 */
export interface SaleDraft {
  name: string;
  kind: SaleKind;
  startsAt: string;
  endsAt: string;
  /** `category` or `products`: what a product sale is on. */
  on: 'category' | 'products';
  category: string;
  products: string;
  buy: string;
  get: string;
  /** buy_get: percent off the next units (100: free); off_items: `percent` or `amount`. */
  percentOff: string;
  offBy: 'percent' | 'amount';
  amountOff: string;
  minSubtotal: string;
  maxUses: string;
  active: boolean;
}

export const EMPTY_SALE: SaleDraft = {
  name: '',
  kind: 'buy_get',
  startsAt: '',
  endsAt: '',
  on: 'category',
  category: 'candles',
  products: '',
  buy: '2',
  get: '1',
  percentOff: '100',
  offBy: 'percent',
  amountOff: '',
  minSubtotal: '',
  maxUses: '',
  active: true,
};

/** A sale as the form shows it (to edit it, or to send it again whole). */
export function saleDraftOf(sale: SaleView): SaleDraft {
  return {
    name: sale.name,
    kind: sale.kind,
    startsAt: sale.startsLocal,
    endsAt: sale.endsLocal,
    on: sale.category ? 'category' : 'products',
    category: sale.category ?? '',
    products: (sale.products ?? []).join(', '),
    buy: sale.buy !== undefined ? String(sale.buy) : '',
    get: sale.get !== undefined ? String(sale.get) : '',
    percentOff: sale.percentOff !== undefined ? String(sale.percentOff) : '',
    offBy: sale.kind === 'off_items' && sale.amountOff !== undefined ? 'amount' : 'percent',
    amountOff: sale.amountOff !== undefined ? formatCents(sale.amountOff) : '',
    minSubtotal: sale.minSubtotal !== undefined ? formatCents(sale.minSubtotal) : '',
    maxUses: sale.maxUses !== undefined ? String(sale.maxUses) : '',
    active: sale.active,
  };
}

/** The dollar fields that cannot be read, a sentence in dollars each (checked before anything is sent). */
export function saleDollarProblems(draft: SaleDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const usesAmount = draft.kind === 'off_order' || (draft.kind === 'off_items' && draft.offBy === 'amount');
  if (usesAmount) {
    const value = centsFromDollars(draft.amountOff, 'amountOff');
    if ('problem' in value) problems.amountOff = value.problem;
  }
  if (draft.kind === 'off_order') {
    const minimum = centsFromDollars(draft.minSubtotal, 'minSubtotal');
    if ('problem' in minimum) problems.minSubtotal = minimum.problem;
  }
  return problems;
}

/** What is sent: only the fields the kind reads; the server checks every one (shared/schemas/sales.ts). */
export function saleBodyOf(draft: SaleDraft) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const cents = (text: string) => (text.trim() === '' ? undefined : toCents(text));
  const target =
    draft.on === 'category'
      ? { category: draft.category.trim().toLowerCase() || undefined }
      : {
          products: draft.products
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        };
  const kindFields =
    draft.kind === 'buy_get'
      ? { ...target, buy: number(draft.buy), get: number(draft.get), percentOff: number(draft.percentOff) }
      : draft.kind === 'off_items'
        ? {
            ...target,
            ...(draft.offBy === 'percent'
              ? { percentOff: number(draft.percentOff) }
              : { amountOff: cents(draft.amountOff) }),
          }
        : { amountOff: cents(draft.amountOff), minSubtotal: cents(draft.minSubtotal) };
  return {
    name: draft.name,
    kind: draft.kind,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    ...kindFields,
    maxUses: number(draft.maxUses),
    active: draft.active,
  };
}

/** A sale's window as the list says it, in the shop's time zone. */
export const saleWindowText = (sale: SaleView) =>
  `${sale.startsLocal.replace('T', ' ')} – ${sale.endsLocal.replace('T', ' ')} ET`;
