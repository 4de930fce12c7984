import type { Amounts } from './money';
import { promoPartName } from './sales';

/**
 * The rows every display of an order's amounts shows (order pages, mails, CSV), in order. A discount (promo
 * codes) is a row only when there is one, so adding it is this one place. With sales without a code (issue 54) each
 * discount is a row of its own, by name (the code's as "Discount (CODE)").
 */
export function amountRows(
  amounts: Omit<Amounts, 'discount'> & { discount?: number },
  promoCode?: string | null,
): { label: string; cents: number; total?: true }[] {
  return [
    { label: 'Subtotal', cents: amounts.subtotal },
    ...(amounts.discounts?.length
      ? amounts.discounts.map((part) => ({
          label: promoCode && part.name === promoPartName(promoCode) ? `Discount (${promoCode})` : part.name,
          cents: -part.amount,
        }))
      : amounts.discount
        ? [{ label: promoCode ? `Discount (${promoCode})` : 'Discount', cents: -amounts.discount }]
        : []),
    { label: 'Shipping', cents: amounts.shipping },
    { label: 'Tax', cents: amounts.tax },
    { label: 'Total', cents: amounts.total, total: true as const },
  ];
}
