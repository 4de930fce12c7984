import type { Amounts } from './money';

/**
 * The rows every display of an order's amounts shows (order pages, mails, CSV), in order. A discount (promo
 * codes) is a row only when there is one, so adding it is this one place.
 */
export function amountRows(
  amounts: Omit<Amounts, 'discount'> & { discount?: number },
  promoCode?: string | null,
): { label: string; cents: number; total?: true }[] {
  return [
    { label: 'Subtotal', cents: amounts.subtotal },
    ...(amounts.discount
      ? [{ label: promoCode ? `Discount (${promoCode})` : 'Discount', cents: -amounts.discount }]
      : []),
    { label: 'Shipping', cents: amounts.shipping },
    { label: 'Tax', cents: amounts.tax },
    { label: 'Total', cents: amounts.total, total: true as const },
  ];
}
