import type { ReactNode } from 'react';
import { longDay } from '#shared/format';
import { GIFT_CARD_WORDS, onlyGiftCards } from '#shared/gift-card-lines';
import { CART_MESSAGES, MESSAGES } from '#shared/messages';
import { estimateAmounts, estimatedArrival, formatPrice } from '#shared/money';
import { PROMO_MESSAGES } from '#shared/promo';
import { promoPartName, type DiscountPart } from '#shared/sales';
import type { CartSalesAnswer } from '#shared/schemas/sales';
import type { ShippingAddress } from '#shared/schemas/address';
import type { ShippingRate } from '#shared/shipping';
import type { CartLine } from '#shared/schemas/cart';
import { PromoCodeField } from './PromoCodeField';
import type { PricedCheckout, Step } from './steps';
import type { usePromoCode } from './usePromoCode';
import { arrivalText } from './RateChoice';

/**
 * The Order Details panel (spec section 2) with the Proceed to Checkout button on the cart step. Amounts are
 * estimated until Next is pressed; on the card step they are the server's (spec section 9). A code whose discount for
 * this cart is not known yet (being asked again, or could not be asked) takes off nothing here: the rows say so
 * instead of showing a figure computed for another cart. An empty cart shows no figures at all.
 */
export function OrderDetails({
  step,
  cart,
  address,
  promo,
  sales = null,
  rate = null,
  priced,
  proceeding,
  onProceed,
  wallet,
}: {
  step: Step;
  cart: readonly CartLine[];
  address: ShippingAddress;
  promo: ReturnType<typeof usePromoCode>;
  /** What the sales without a code give the cart (issue 54), until the card step prices it all. */
  sales?: CartSalesAnswer | null;
  /** The shipping step's chosen rate as offered (issue 53), until the card step prices it. */
  rate?: ShippingRate | null;
  /** The card step's priced checkout (null on the other steps). */
  priced: PricedCheckout | null;
  proceeding: boolean;
  onProceed: () => void;
  /** The cart's wallet buttons, under Proceed (CheckoutLayout: WalletPay). */
  wallet?: ReactNode;
}) {
  const intent = priced?.intent ?? null;
  const empty = cart.length === 0 && !intent;
  const amounts =
    intent?.amounts ?? estimateAmounts(cart, address.state, (sales?.total ?? 0) + (promo.discount ?? 0), rate?.amount);
  const appliedCode = intent ? (intent.promo?.code ?? null) : (promo.applied?.code ?? null);
  // The breakdown by name (issue 54): the card step's, or the cart's sales and its code; one row when no sale is in it.
  const parts: DiscountPart[] = intent
    ? (intent.amounts.discounts ?? [])
    : sales?.discounts.length
      ? [
          ...sales.discounts,
          ...(appliedCode && promo.discount ? [{ name: promoPartName(appliedCode), amount: promo.discount }] : []),
        ]
      : [];
  const byName = parts.some((part) => !part.name.startsWith('Promo code '));
  const discountUnknown = !intent && promo.applied !== null && promo.discount === null;
  const arrival = longDay(estimatedArrival());
  // The rate the card step priced (issue 53): a calculated one names its carrier and service and gives its date.
  const shipping = intent?.shipping ?? (rate ? { rate, notice: undefined } : undefined);
  // Gift cards only (issue 50 item 9): nothing ships, nothing is taxed, and no promo code applies.
  const cardsOnly = onlyGiftCards(cart);

  return (
    <aside className="order-details card" aria-labelledby="order-details-heading">
      <h2 id="order-details-heading">Order Details</h2>
      {empty ? (
        <p className="muted">{CART_MESSAGES.emptyCartTotals}</p>
      ) : (
        <>
          <dl>
            <dt>Subtotal</dt>
            <dd>{formatPrice(amounts.subtotal)}</dd>
            {byName
              ? parts.map((part) => (
                  <div key={part.name} className="discount-part">
                    <dt className="discount">{part.name}</dt>
                    <dd className="discount">-{formatPrice(part.amount)}</dd>
                  </div>
                ))
              : amounts.discount > 0 && (
                  <>
                    <dt className="discount">Discount{appliedCode ? ` (${appliedCode})` : ''}</dt>
                    <dd className="discount">-{formatPrice(amounts.discount)}</dd>
                  </>
                )}
            {discountUnknown && (
              <>
                <dt className="discount">Discount ({appliedCode})</dt>
                <dd className="discount">
                  {promo.status === 'checking' ? MESSAGES.promoChecking : MESSAGES.promoAtCheckout}
                </dd>
              </>
            )}
            <dt>
              {shipping && shipping.rate.kind !== 'flat' ? `Shipping (${shipping.rate.label})` : 'Shipping & handling'}
            </dt>
            <dd>{formatPrice(amounts.shipping)}</dd>
            <dt>Estimated tax</dt>
            <dd>{formatPrice(amounts.tax)}</dd>
            {/* Until Next prices the order: where the figure comes from (the spec's $0.00 while no state is known). */}
            {!intent && (
              <dd className="tax-note">{cardsOnly ? GIFT_CARD_WORDS.notTaxed : CART_MESSAGES.taxFromState}</dd>
            )}
            <dt className="total">{discountUnknown ? MESSAGES.totalBeforeDiscount : 'Total'}</dt>
            <dd className="total">{formatPrice(amounts.total)}</dd>
            {intent?.giftCard && (
              <>
                <dt className="discount">Gift card (ending {intent.giftCard.last4})</dt>
                <dd className="discount">-{formatPrice(intent.giftCard.amount)}</dd>
                <dt className="total">To pay by card</dt>
                <dd className="total">{formatPrice(intent.cardAmount)}</dd>
              </>
            )}
          </dl>
          {cardsOnly && !appliedCode ? (
            <p className="muted promo-none">{PROMO_MESSAGES.gift_cards_only}</p>
          ) : (
            <PromoCodeField
              applied={
                intent
                  ? intent.promo
                    ? { code: intent.promo.code, description: intent.promo.description }
                    : null
                  : promo.applied
              }
              note={!intent && promo.status === 'unconfirmed' ? MESSAGES.promoConfirmedAtCheckout : null}
              locked={step === 'payment' || proceeding}
              error={promo.error}
              onApply={promo.apply}
              onRemove={promo.remove}
            />
          )}
          {cardsOnly ? (
            <p className="muted">{GIFT_CARD_WORDS.emailedNotShipped}</p>
          ) : shipping && shipping.rate.kind === 'calculated' ? (
            <p className="muted">{arrivalText(shipping.rate)}</p>
          ) : (
            <p className="muted">
              {MESSAGES.shippingText}. Estimated arrival: <strong>{arrival}</strong>
            </p>
          )}
          {shipping?.notice && (
            <p className="notice" aria-live="polite">
              {shipping.notice}
            </p>
          )}
        </>
      )}
      {step === 'cart' && (
        <button type="button" onClick={onProceed} disabled={cart.length === 0 || proceeding}>
          {proceeding ? 'Checking stock…' : 'Proceed to Checkout'}
        </button>
      )}
      {step === 'cart' && wallet}
    </aside>
  );
}
