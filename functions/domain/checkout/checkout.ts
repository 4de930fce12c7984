import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../shared/messages';
import { computeAmounts, CURRENCY, subtotalCents } from '../../../shared/money';
import type { ShippingAddress } from '../../../shared/schemas/address';
import type { CheckoutLine, CreateIntentResult } from '../../../shared/schemas/checkout';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/errors';
import { CHECKOUT_RULES, getCheckout, minutesFrom, saveCheckout, type Checkout } from './checkouts';
import { paymentProvider } from './payments';
import { OutOfStockError, priceCart, shortLines } from './pricing';
import { takeWriteCount } from './take';
import { usablePromo, whilePayingMessage } from '../promo/redeem';

export interface CreateIntentInput {
  cart: CheckoutLine[];
  shippingAddress: ShippingAddress;
  checkoutId?: string;
  promoCode?: string;
  /** The user id from the verified token, or "guest". */
  customer: string;
}

/** TransactWriteItems takes at most 100 writes: room is left for a promo code's two counts (issue 13). */
const MAX_TAKE_WRITES = 96;

/** A checkout closed because of its promo code, and what failed. */
const PROMO_CLOSED_REASONS = { promo_used_up: 'used_up', promo_used_by_you: 'used_by_you', promo_no_longer_valid: 'no_longer_valid' } as const;

/** Why a checkout that is not open cannot be paid (any more). */
export function finishedCheckoutError(checkout: Checkout): HttpError {
  if (checkout.closedReason === 'out_of_stock') return new OutOfStockError(checkout.shortNames ?? []);
  if (checkout.closedReason === 'promo_used_up' || checkout.closedReason === 'promo_used_by_you' || checkout.closedReason === 'promo_no_longer_valid') {
    const refusal = PROMO_CLOSED_REASONS[checkout.closedReason];
    return new HttpError(409, `promo_${refusal}`, whilePayingMessage(refusal, checkout.promo?.code ?? ''));
  }
  if (checkout.closedReason === 'card_attempts') return new HttpError(409, 'checkout_closed', MESSAGES.tooManyCardAttempts);
  if (checkout.state === 'failed') return new HttpError(409, 'payment_failed', MESSAGES.paymentNotCaptured);
  if (checkout.state === 'closed' || checkout.state === 'voiding') return new HttpError(409, 'checkout_closed', MESSAGES.checkoutClosed);
  return conflict('This checkout has already been paid.');
}

/**
 * POST /auth/create-payment-intent(/guest): prices the cart from stored prices, checks that the stock is there
 * (reads only: an unpaid checkout holds no stock), and creates the manual-capture payment intent, or for the
 * same checkout updates it while no card is confirmed. The checkout record keeps what the order will be made of.
 */
export async function createPaymentIntent(input: CreateIntentInput): Promise<CreateIntentResult> {
  const checkoutId = input.checkoutId ?? randomUUID();
  const existing = await getCheckout(checkoutId);
  if (existing && existing.customer !== input.customer) throw forbidden('This checkout belongs to someone else.');
  if (existing && existing.state !== 'open') throw finishedCheckoutError(existing);
  const { lines, unavailable } = await priceCart(input.cart);
  const short = unavailable.length ? unavailable : await shortLines(lines);
  if (short.length) throw new OutOfStockError(short);
  if (takeWriteCount(lines) > MAX_TAKE_WRITES) {
    throw badRequest('Too many different products for one order. Please split it into two.');
  }
  // The code is checked again here (reads only) with the customer known; it is redeemed when the order is taken.
  const promo = input.promoCode ? await usablePromo({ code: input.promoCode, subtotal: subtotalCents(lines), customer: input.customer, email: input.shippingAddress.email }) : undefined;
  const amounts = computeAmounts(lines, input.shippingAddress.state, promo);
  // Payments that are not set up answer 503 here, before anything is written.
  const provider = await paymentProvider();
  const intent = existing
    ? await provider.updateIntent(existing.intentId, { amount: amounts.total, receiptEmail: input.shippingAddress.email })
    : await provider.createIntent({
        amount: amounts.total,
        currency: CURRENCY,
        metadata: { checkoutId, customer: input.customer },
        receiptEmail: input.shippingAddress.email,
        idempotencyKey: `checkout-${checkoutId}-${amounts.total}`,
      });
  const now = new Date();
  const record: Checkout = {
    checkoutId,
    customer: input.customer,
    intentId: intent.id,
    state: 'open',
    lines,
    amounts,
    // Set or cleared: a second call without the code drops the one the checkout had.
    promo,
    shippingAddress: input.shippingAddress,
    ...(existing?.failedAttempts ? { failedAttempts: existing.failedAttempts } : {}),
    sweepAt: minutesFrom(now, CHECKOUT_RULES.graceMinutes),
    abandonAt: minutesFrom(now, CHECKOUT_RULES.abandonMinutes),
    version: 1,
    createdAt: existing?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  // The intent was changed first: if this write loses to another tab, the take sees the amounts differ and cancels.
  if (!(await saveCheckout(record, existing))) throw conflict('Your checkout changed in another window. Please try again.');
  return {
    clientSecret: intent.clientSecret,
    orderNumber: intent.id,
    checkoutId,
    amounts,
    ...(promo ? { promo: { code: promo.code, description: promo.description } } : {}),
    paymentMode: provider.mode,
  };
}
