import { randomUUID } from 'node:crypto';
import { computeAmounts, CURRENCY } from '../../../shared/money';
import type { ShippingAddress } from '../../../shared/schemas/address';
import type { CheckoutLine, CreateIntentResult } from '../../../shared/schemas/checkout';
import { logger } from '../../lib/logger';
import { paymentProvider } from './payments';
import { priceCart } from './pricing';
import { attachIntent, OutOfStockError, release, reserve } from './reservations';

export interface CreateIntentInput {
  cart: CheckoutLine[];
  shippingAddress: ShippingAddress;
  checkoutId?: string;
  /** The user id from the verified token, or "guest". */
  customer: string;
}

/**
 * POST /auth/create-payment-intent(/guest): prices the cart from stored prices, computes tax and shipping,
 * reserves the stock, and creates (or, for the same checkout, updates) the payment intent.
 */
export async function createPaymentIntent(input: CreateIntentInput): Promise<CreateIntentResult> {
  const checkoutId = input.checkoutId ?? randomUUID();
  const { lines, unavailable } = await priceCart(input.cart);
  if (unavailable.length) throw new OutOfStockError(unavailable);
  const amounts = computeAmounts(lines, input.shippingAddress.state);
  // Before any stock is held: payments that are not set up answer 503 and reserve nothing.
  const provider = await paymentProvider();
  let reservation = await reserve({ checkoutId, customer: input.customer, lines, amounts, shippingAddress: input.shippingAddress });
  try {
    let intent;
    if (reservation.intentId) {
      intent = await provider.updateIntent(reservation.intentId, { amount: amounts.total, receiptEmail: input.shippingAddress.email });
    } else {
      intent = await provider.createIntent({
        amount: amounts.total,
        currency: CURRENCY,
        metadata: { checkoutId, customer: input.customer },
        receiptEmail: input.shippingAddress.email,
        idempotencyKey: `checkout-${checkoutId}-v${reservation.version}`,
      });
      reservation = await attachIntent(reservation, intent.id);
    }
    return { clientSecret: intent.clientSecret, orderNumber: intent.id, checkoutId, amounts, paymentMode: provider.mode };
  } catch (error) {
    // No payment can follow: give the stock back now rather than at expiry.
    if (!reservation.intentId) {
      await release(reservation).catch((releaseError) => logger.error('could not release a reservation', { checkoutId, releaseError }));
    }
    throw error;
  }
}
