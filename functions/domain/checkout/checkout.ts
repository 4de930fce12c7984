import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { giftCardsBoughtOf, giftCardShare } from '#shared/gift-cards';
import { CURRENCY, promoBase } from '#shared/money';
import { goodsLines } from '#shared/gift-card-lines';
import { buyerOf, hasShipTo, type OrderAddress } from '#shared/order-address';
import type { CheckoutAddress } from '#shared/schemas/address';
import type { CheckoutLine, CreateIntentResult } from '#shared/schemas/checkout';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { currentCorrelationId } from '../../lib/logger';
import {
  CHECKOUT_RULES,
  finishedCheckoutError,
  getCheckout,
  giftOnlyIntentId,
  holdsSecret,
  isGiftOnly,
  issueSecret,
  minutesFrom,
  saveCheckout,
  voidCheckout,
  type Checkout,
} from './checkouts';
import { paymentProvider } from '../money/payments';
import { OutOfStockError, shortLines } from '../stock/counts';
import { checkDropLines } from '../stock/shards';
import { priceCart } from '../money/pricing';
import { priceWithTax } from '../money/tax';
import { refuseCodeBesideSale } from '../money/sales';
import { chosenShipping, type ChosenShipping } from '../money/shipping';
import { takeWriteCount } from './take';
import { walletTotalChanged } from './wallet';
import { MARKETING_CONSENT_WORDS } from '#shared/marketing';
import { cardForClient } from '../gift-cards/cards';
import type { PromoShopper } from '../promo/redeem';
import { typedPromo } from '../promo/typed';
import { scheduleReminder } from '../reminders/reminders';

export interface CreateIntentInput {
  cart: CheckoutLine[];
  /** The shipping address; the buyer's name and email are enough for a cart of gift cards only (issue 50 item 9). */
  shippingAddress: CheckoutAddress;
  checkoutId?: string;
  /** A guest's proof that `checkoutId` is theirs. */
  checkoutSecret?: string;
  promoCode?: string;
  /** A gift card's code as typed (docs/decisions/0126). */
  giftCardCode?: string;
  /** Who typed the codes, for the counts of wrong ones (functions/domain/guessing/budget.ts clientOf). */
  client?: string;
  /** The user id from the verified token, or "guest". */
  customer: string;
  /** A signed-in shopper's account email (the user pool is asked only for a promo code's count). */
  accountEmail?: () => Promise<string | null>;
  /** The shipping rate chosen at the shipping step (shared/shipping.ts); missing: the flat rate. */
  shippingRateId?: string;
  /** Paid from a wallet's sheet: the total it showed (docs/decisions/0129). */
  wallet?: { shownTotal: number };
  /** The marketing box ticked (docs/decisions/0166). */
  marketingConsent?: boolean;
  /** A drop's place in line that was let in (docs/decisions/0171). */
  lineToken?: string;
}

/**
 * TransactWriteItems takes at most 100 writes: room is left for a promo code's counts (the code's, and the
 * customer's under the account email and the account: issue 13, decision 0063).
 */
const MAX_TAKE_WRITES = 96;

/** A checkout the caller cannot show is theirs: one answer whether it exists or not (docs/decisions/0062). */
const noSuchCheckout = () => new HttpError(404, 'checkout_not_found', MESSAGES.checkoutNotFound);

/**
 * What the checkout keeps of the shopper's details (issue 50 item 9): the shipping address when anything ships; for a
 * cart of gift cards only (each is emailed) the buyer's name and email alone, so no address is kept that nothing uses.
 * The body's schema already requires the address when goods ship; a caller that skipped it is refused here too.
 */
function detailsFor(lines: readonly { id: string }[], address: CheckoutAddress): OrderAddress {
  if (!goodsLines(lines).length) return buyerOf(address);
  const { line1, city, state, zip } = address;
  if (line1 === undefined || city === undefined || state === undefined || zip === undefined)
    throw badRequest(MESSAGES.profileFieldsRequired);
  return { ...address, line1, city, state, zip };
}

/** A signed-in shopper's checkout is theirs by the token; a guest's by the secret its browser was given. */
function isTheirs(checkout: Checkout | null, input: CreateIntentInput): checkout is Checkout {
  if (!checkout) return false;
  if (input.customer === 'guest') return checkout.customer === 'guest' && holdsSecret(checkout, input.checkoutSecret);
  return checkout.customer === input.customer;
}

/**
 * POST /auth/create-payment-intent(/guest): prices the cart from stored prices, checks that the stock is there
 * (reads only: an unpaid checkout holds no stock), and creates the manual-capture payment intent, or for the
 * same checkout updates it while no card is confirmed. The checkout record keeps what the order will be made of.
 * A call without a checkoutId makes a new checkout (a guest's with its secret); one with a checkoutId changes
 * that checkout only for its own shopper (the user, or the guest's browser with the secret), else 404.
 */
export async function createPaymentIntent(input: CreateIntentInput): Promise<CreateIntentResult> {
  const found = input.checkoutId ? await getCheckout(input.checkoutId) : null;
  if (input.checkoutId && !isTheirs(found, input)) throw noSuchCheckout();
  if (found && found.state !== 'open') throw finishedCheckoutError(found);
  // Checked first: a client guessing codes is stopped before anything is priced (docs/decisions/0126).
  const card = input.giftCardCode ? await cardForClient(input.giftCardCode, input.client ?? 'unknown') : null;
  if (card && card.balance === 0) throw new HttpError(409, 'gift_card_empty', MESSAGES.giftCardEmpty);
  const { lines, unavailable, sales } = await priceCart(input.cart);
  const short = unavailable.length ? unavailable : await shortLines(lines);
  if (short.length) throw new OutOfStockError(short);
  const details = detailsFor(lines, input.shippingAddress);
  // A drop's start and its limit per customer, answered before a card is asked for (docs/decisions/0170).
  await checkDropLines(lines, { customer: input.customer, email: details.email }, new Date(), input.lineToken);
  if (takeWriteCount(lines) > MAX_TAKE_WRITES) {
    throw badRequest('Too many different products for one order. Please split it into two.');
  }
  // The code is checked again here (reads only) with the customer known; it is redeemed when the order is taken.
  const shopper: PromoShopper =
    input.customer === 'guest'
      ? { guestEmail: details.email }
      : { userId: input.customer, accountEmail: input.accountEmail ?? (async () => null) };
  // A code the shop does not know counts against the client's one budget of wrong promo codes (decision 0139).
  const promo = input.promoCode
    ? await typedPromo(input.client ?? 'unknown', {
        code: input.promoCode,
        ...promoBase(lines),
        shopper,
        forOrder: true,
      })
    : undefined;
  // The tax by the address (Stripe Tax where the stage turns it on, else the table), and each line's share of the
  // discount, shipping and tax (issue 35): kept on the checkout, copied onto the order.
  // The chosen shipping rate priced by the server (issue 53): a calculated one again by the provider from its ids, the
  // flat rate in its place when the provider does not answer in time; never a price from the browser.
  const shipping = hasShipTo(details)
    ? await chosenShipping(lines, details, input.shippingRateId)
    : ({} satisfies ChosenShipping);
  // The sales on are given without a code (issue 54), combined with the code by shared/sales.ts's rules.
  const priced = await priceWithTax(lines, details, promo, shipping.rate?.amount, sales);
  refuseCodeBesideSale(priced.plan);
  const { amounts } = priced;
  // A wallet's sheet showed a total before the full address was known: another total is refused, nothing changed.
  if (input.wallet && amounts.total !== input.wallet.shownTotal)
    throw walletTotalChanged(amounts.total, input.wallet.shownTotal);
  // The gift card pays what it may (never the gift cards the cart buys); the card pays the rest.
  const giftPart = card ? giftCardShare(card.balance, amounts.total, giftCardsBoughtOf(priced.lines)) : 0;
  if (card && giftPart === 0) throw new HttpError(409, 'gift_card_on_gift_cards', MESSAGES.giftCardOnGiftCards);
  const cardAmount = amounts.total - giftPart;
  const giftOnly = cardAmount === 0;
  // A checkout that changes between paying by card and not (a code that now covers everything, or one taken away)
  // is closed (its authorization, if any, cancelled) and a new one made: one checkout keeps one kind of payment.
  const existing = found && isGiftOnly(found.intentId) !== giftOnly ? null : found;
  if (found && !existing) await voidCheckout(found, 'amount_changed');
  const checkoutId = existing?.checkoutId ?? randomUUID();
  const keptSecret = found && found.customer === 'guest' && !existing ? null : existing?.secretHash;
  const secret = !keptSecret && input.customer === 'guest' ? issueSecret() : null;
  // Payments that are not set up answer 503 here, before anything is written.
  const provider = giftOnly ? null : await paymentProvider();
  const intent = !provider
    ? { id: giftOnlyIntentId(checkoutId), clientSecret: '' }
    : existing
      ? await provider.updateIntent(existing.intentId, {
          amount: cardAmount,
          receiptEmail: details.email,
        })
      : await provider.createIntent({
          amount: cardAmount,
          currency: CURRENCY,
          metadata: { checkoutId, customer: input.customer },
          receiptEmail: details.email,
          idempotencyKey: `checkout-${checkoutId}-${cardAmount}`,
        });
  const now = new Date();
  const correlationId = currentCorrelationId();
  const record: Checkout = {
    checkoutId,
    customer: input.customer,
    ...(keptSecret || secret ? { secretHash: keptSecret ?? secret?.hash } : {}),
    intentId: intent.id,
    state: 'open',
    lines: priced.lines,
    amounts,
    // Set or cleared: a second call without the code drops the one the checkout had.
    promo,
    // Set or cleared, as the promo code: a limited sale is counted when the order is taken (docs/decisions/0179).
    sales: priced.plan.sales.length ? priced.plan.sales : undefined,
    // Set or cleared, as the promo code.
    giftCard: card ? { cardId: card.cardId, last4: card.last4 ?? '', amount: giftPart } : undefined,
    // Set or cleared by each call: the box's words as the shop showed them, and when it was first seen ticked.
    marketingConsent: input.marketingConsent
      ? (existing?.marketingConsent ?? { words: MARKETING_CONSENT_WORDS, at: now.toISOString() })
      : undefined,
    taxProvider: priced.tax.provider,
    // Set or cleared, as the promo code: a later call priced by the table drops an earlier Stripe Tax calculation.
    taxFallback: priced.tax.stripeTaxUnavailable,
    // Set or cleared, as the promo code.
    shippingRate: shipping.rate,
    shippingFallback: shipping.notice,
    stripeTax: priced.tax.calculationId ? { calculationId: priced.tax.calculationId } : undefined,
    shippingAddress: details,
    ...(existing?.failedAttempts ? { failedAttempts: existing.failedAttempts } : {}),
    // The settle job finishes it under this request's id (docs/decisions/0100).
    ...(correlationId ? { correlationId } : {}),
    sweepAt: minutesFrom(now, CHECKOUT_RULES.graceMinutes),
    abandonAt: minutesFrom(now, CHECKOUT_RULES.abandonMinutes),
    version: 1,
    createdAt: existing?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  // The intent was changed first: if this write loses to another tab, the take sees the amounts differ and cancels.
  const saved = await saveCheckout(record, existing);
  if (!saved) throw conflict('Your checkout changed in another window. Please try again.');
  // The shopper reached the card step with an email: one reminder, after the owner's delay (docs/decisions/0079).
  await scheduleReminder(saved, now);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    checkoutId,
    ...(secret ? { checkoutSecret: secret.secret } : {}),
    amounts,
    ...(promo ? { promo: { code: promo.code, description: promo.description } } : {}),
    ...(card ? { giftCard: { last4: card.last4 ?? '', amount: giftPart, balance: card.balance } } : {}),
    cardAmount,
    paymentMode: provider ? provider.mode : 'none',
    ...(shipping.rate
      ? { shipping: { rate: shipping.rate, ...(shipping.notice ? { notice: shipping.notice } : {}) } }
      : {}),
  };
}
