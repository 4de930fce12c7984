import { amountsSchema } from '#shared/schemas/refs';
import { orderAddressSchema, orderLineSchema, type OrderView } from '#shared/schemas/order-views';
import * as z from '#shared/schemas/zod';
import { LAST_ORDER_KEY, ORDER_NUMBER_KEY } from './checkoutApi';

/**
 * The order just paid, for the confirmation page (docs/decisions/0102): its number (kept in localStorage, as the spec
 * keeps it) and, in this tab's sessionStorage, what the shop answered: the lines, where it ships, the amounts and the
 * promo code. Without the whole order (a guest's answer names only the number when the browser lacks the checkout's
 * secret) it keeps the amounts the card step priced.
 */
const lastOrderSchema = z.object({
  orderNumber: z.string(),
  amounts: amountsSchema,
  promoCode: z.nullable(z.string()),
  lines: z.optional(z.array(orderLineSchema)),
  shippingAddress: z.optional(orderAddressSchema),
});
export type LastOrder = z.infer<typeof lastOrderSchema>;

export function keepLastOrder(
  answer: OrderView | Pick<OrderView, 'orderNumber' | 'status'>,
  priced: Pick<LastOrder, 'amounts' | 'promoCode'>,
): void {
  const whole = 'lines' in answer ? answer : null;
  const last: LastOrder = whole
    ? {
        orderNumber: whole.orderNumber,
        amounts: whole.amounts,
        promoCode: whole.promoCode,
        lines: whole.lines,
        shippingAddress: whole.shippingAddress,
      }
    : { orderNumber: answer.orderNumber, ...priced };
  localStorage.setItem(ORDER_NUMBER_KEY, answer.orderNumber);
  sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(last));
}

/** The last order's number, and what this tab knows of it (null when it is another order's, or none). */
export function readLastOrder(): { orderNumber: string | null; order: LastOrder | null } {
  const orderNumber = localStorage.getItem(ORDER_NUMBER_KEY);
  try {
    const parsed = lastOrderSchema.safeParse(JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null'));
    return { orderNumber, order: parsed.success && parsed.data.orderNumber === orderNumber ? parsed.data : null };
  } catch {
    return { orderNumber, order: null };
  }
}
