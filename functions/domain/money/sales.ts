import { saleIsOn, SALE_MESSAGES, type DiscountPlan, type GivenSale, type SaleRules } from '#shared/sales';
import { sales, type SaleRecord } from '../../db/entities/sale';
import type { TransactItem } from '../../db/table';
import { HttpError } from '../../lib/errors';

/**
 * The sales without a code (issue 54, docs/decisions/0178) as the pricing reads them. The owner keeps a handful at a
 * time, so all of them are read with one query of their index (it holds only sales) and those on at `now` kept.
 */
export async function allSales(): Promise<SaleRecord[]> {
  return sales.query('all', {});
}

/** The sales on at `now` (active, in their window, under their limit of uses). */
export async function liveSales(now: Date): Promise<SaleRules[]> {
  return (await allSales()).filter((sale) => saleIsOn(sale, now));
}

/**
 * The promo code takes less than the order's sale and does not combine with sales (shared/sales.ts planDiscounts):
 * refused with one plain message, nothing changed, as any code that cannot be used (409 `promo_sale_better`).
 */
export function refuseCodeBesideSale(plan: Pick<DiscountPlan, 'promoRefused'>): void {
  if (plan.promoRefused)
    throw new HttpError(409, 'promo_sale_better', SALE_MESSAGES.saleBetter(plan.promoRefused.sale));
}

/**
 * The take's writes for the limited sales an order was given (docs/decisions/0179, the hot-items pattern of 0154):
 * each one's count +1 on the condition that the sale still exists and is under its limit (read from the sale itself,
 * so a limit lowered meanwhile holds). The count is the invariant, so it is an item of the take's transaction: of 20
 * checkouts taking a sale of 5 at once, exactly 5 transactions pass; the others fail on it and nothing of theirs is
 * written. A sale without a limit is not counted here (no hot item in the take).
 */
export function saleTakeItems(given: readonly GivenSale[] | undefined, now: string): TransactItem[] {
  return (given ?? [])
    .filter((sale) => sale.limited)
    .map((sale) =>
      sales.transact.update(
        { saleId: sale.saleId },
        { set: { updatedAt: now }, add: { uses: 1 } },
        { when: { present: ['saleId'], belowLimit: { uses: 'maxUses' } } },
      ),
    );
}

/** A cancelled order gives its limited sales' uses back (as a promo code's), in the cancel's own transaction. */
export async function saleGiveBackItems(given: readonly GivenSale[] | undefined, now: string): Promise<TransactItem[]> {
  const limited = (given ?? []).filter((sale) => sale.limited);
  const found = await Promise.all(limited.map((sale) => sales.get({ saleId: sale.saleId }, { consistent: true })));
  return limited
    .filter((_sale, index) => (found[index]?.uses ?? 0) > 0)
    .map((sale) =>
      sales.transact.update(
        { saleId: sale.saleId },
        { set: { updatedAt: now }, add: { uses: -1 } },
        { when: { atLeast: { uses: 1 } } },
      ),
    );
}
