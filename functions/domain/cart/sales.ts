import { amountsBeforeTax } from '#shared/money';
import { isGiftCardLine } from '#shared/gift-card-lines';
import { nearlyThere } from '#shared/sales';
import type { CheckoutLine } from '#shared/schemas/checkout';
import type { CartSalesAnswer } from '#shared/schemas/sales';
import { priceCart } from '../money/pricing';

/**
 * POST /api/cart/sales (issue 54): what the sales on now take off the cart without a code, priced from stored prices
 * by the one pricing path (../money/pricing.ts, shared/sales.ts), and the cart's "nearly there" lines. Stores nothing;
 * the card step prices everything again.
 */
export async function cartSales(cart: CheckoutLine[], now = new Date()): Promise<CartSalesAnswer> {
  const { lines, sales } = await priceCart(cart, { now, pastDays: 'keep' });
  const { plan } = amountsBeforeTax(lines, null, undefined, sales);
  const names = new Map(sales.rules.map((sale) => [sale.saleId, sale.name]));
  return {
    discounts: plan.discounts,
    lines: lines.flatMap((line, index) =>
      plan.lineOff[index] > 0
        ? [{ id: line.id, size: line.size, off: plan.lineOff[index], sale: names.get(plan.lineSale[index]!) ?? '' }]
        : [],
    ),
    nearly: nearlyThere({
      lines: lines.map((line) => ({ ...line, tag: sales.tags[line.id] ?? '', gift: isGiftCardLine(line) })),
      sales: sales.rules,
      now: sales.now,
    }),
    total: plan.goodsOff,
  };
}
