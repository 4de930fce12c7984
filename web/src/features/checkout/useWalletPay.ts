import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CreateIntentResult } from '#shared/schemas/checkout';
import {
  addressFromWallet,
  walletRateId,
  walletSheet,
  type WalletContact,
  type WalletSheet,
  type WalletShipTo,
} from '#shared/wallet';
import { ApiError } from '../../lib/api';
import { useCart } from '../cart';
import { isPromoRefusal, walletQuote } from './checkoutApi';
import { forget, keepPriced, priceCheckout } from './checkoutSession';
import { cartKey, STEP_PATH } from './steps';
import type { StripePayResult } from './StripePaymentForm';
import type { usePromoCode } from './usePromoCode';

/** How a wallet confirms the payment on the intent the shop made (Stripe.js, or the test processor's card step). */
export type WalletConfirm = (intent: CreateIntentResult, contact: WalletContact) => Promise<StripePayResult>;

/** What paying from the sheet came to: authorized (the card step records the order), or why not. */
export type WalletPaid = { ok: true } | { ok: false; message: string; stopped?: boolean };

/** Who pays from the sheet, and the cart's own state the wallet uses (CheckoutLayout's). */
export interface WalletPayProps {
  who: string | null;
  promo: ReturnType<typeof usePromoCode>;
  /** Keeps the shipping details for the tab (CheckoutLayout): the wallet's, once it gave them. */
  setAddress: (address: ShippingAddress) => void;
}

/**
 * Paying from a wallet's sheet on the cart (issue 38 items 2 and 5, docs/decisions/0129), one path for Stripe's
 * Express Checkout Element and the test wallet:
 * - `quote`: the sheet's address (city, state, ZIP) prices the cart on the server; the sheet shows that total;
 * - `pay`: the wallet's full address, email and phone price the checkout again, refused unless its total is the one
 *   shown; the wallet confirms on that intent; once authorized, the card step opens and records the order exactly as
 *   after a reload there (usePayment), so a lost answer, a reload or two tabs change nothing.
 * A refusal or a declined payment leaves the cart as it was, and its message stays beside the wallet button.
 */
export function useWalletPay({ who, promo, setAddress }: WalletPayProps) {
  const { cart } = useCart();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const promoCode = promo.applied?.code ?? null;
  // The sheet's last address and the shipping option its total includes (issue 53): paying sends that option's id.
  const sheetShipTo = useRef<WalletShipTo | null>(null);
  const sheetRate = useRef<string | null>(null);

  /** The sheet priced at its address, with the shipping option chosen (`rateId`; missing: the shop's default). */
  async function quote(shipTo: WalletShipTo, rateId?: string): Promise<WalletSheet> {
    const answer = await walletQuote({
      cart: [...cart],
      promoCode: promoCode ?? undefined,
      shipTo,
      ...(rateId ? { shippingRateId: rateId } : {}),
    });
    const sheet = walletSheet(
      answer.amounts,
      answer.promo?.code,
      answer.shipping && answer.shippingRates
        ? { rates: answer.shippingRates, chosen: answer.shipping.rate }
        : undefined,
    );
    sheetShipTo.current = shipTo;
    sheetRate.current = sheet.shippingRate.id;
    return sheet;
  }

  /** The shopper chose another shipping option in the sheet: priced again at the sheet's address. */
  async function chooseRate(rateId: string): Promise<WalletSheet> {
    if (!sheetShipTo.current) throw new Error('The sheet has no address yet.');
    return quote(sheetShipTo.current, rateId);
  }

  async function pay(contact: WalletContact, shownTotal: number, confirm: WalletConfirm): Promise<WalletPaid> {
    setFailure(null);
    const shippingAddress = addressFromWallet(contact);
    // As the wallet gave them (the phone goes to the server with the checkout; the tab keeps the rest): the card step
    // shows them, and after a refusal the shipping step starts from them.
    const { phone: _phone, ...address } = shippingAddress;
    const refused = (message: string, stopped?: boolean): WalletPaid => {
      setFailure(message);
      return { ok: false, message, stopped };
    };
    let intent: CreateIntentResult;
    try {
      intent = await priceCheckout({
        cart: [...cart],
        shippingAddress,
        who,
        promoCode,
        wallet: { shownTotal },
        // The option the sheet's total includes (its estimate's: the flat rate).
        shippingRateId: walletRateId(sheetRate.current ?? 'standard'),
      });
    } catch (error) {
      if (error instanceof ApiError && isPromoRefusal(error.code)) promo.drop(error.message);
      if (error instanceof ApiError && error.code === 'wallet_total_changed') setAddress(address);
      return refused(error instanceof ApiError ? error.message : MESSAGES.serverError);
    }
    // Nothing to pay by card (a free-shipping code on a cart it covers): the order is placed as a gift card's is.
    const result = intent.paymentMode === 'none' ? { ok: true } : await confirm(intent, contact);
    if (!result.ok) {
      // Too many failed attempts cancelled the payment: the next try starts a new checkout.
      if (result.stopped) forget('cardStopped');
      const message = MESSAGES.paymentFailed(result.message ?? 'The payment did not go through.');
      window.alert(message);
      return refused(message, result.stopped);
    }
    setAddress(address);
    keepPriced({ intent, cartKey: cartKey(cart), who, address, promoCode, authorized: true });
    void navigate(STEP_PATH.payment);
    return { ok: true };
  }

  return {
    quote,
    chooseRate,
    pay,
    failure,
    clearFailure: () => {
      sheetRate.current = null;
      setFailure(null);
    },
  };
}
