import { formatPrice, type Amounts } from './money';
import type { ShippingAddress } from './schemas/address';
import { FLAT_RATE_ID, type ShippingRate } from './shipping';

/**
 * Paying with a wallet from the cart (issue 38 items 2 and 5, docs/decisions/0129): Apple Pay, Google Pay and Link
 * through Stripe's Express Checkout Element, or the built-in test processor's test wallet. One set of rules for
 * both, and for the server: what the wallet's sheet shows for a priced checkout, and how the wallet's address,
 * email and phone become the checkout's shipping address.
 */

/**
 * The payment methods of the shop's intents (docs/decisions/0125), for the server's intents and the browser's Elements
 * alike: those that support manual capture and need no redirect. `card` carries Apple Pay and Google Pay.
 */
export const PAYMENT_METHOD_TYPES = ['card', 'link'] as const;

/** What the wallet sheet lists: line items and the chosen shipping rate, adding up to the total. */
export interface WalletSheet {
  lineItems: { name: string; amount: number }[];
  shippingRate: { id: string; displayName: string; amount: number };
  /** The shipping options, the chosen one first (issue 53); each other one priced as offered (choosing it re-prices). */
  shippingRates: { id: string; displayName: string; amount: number }[];
  total: number;
}

export const WALLET_SHIPPING_RATE_ID = 'standard';
/** The rate id the card step is sent for a sheet's rate: its own, or for the sheet's estimate the flat rate. */
export const walletRateId = (sheetRateId: string) =>
  sheetRateId === WALLET_SHIPPING_RATE_ID ? FLAT_RATE_ID : sheetRateId;

/**
 * The server's amounts as the sheet shows them. Wallets take no negative line, so a promo code's discount comes off
 * the items (and what it takes beyond them, a free-shipping code, off the shipping): every figure is 0 or more and
 * they add up to the total the shopper authorizes.
 */
export function walletSheet(
  amounts: Amounts,
  promoCode?: string | null,
  /** The server's rates on offer at the sheet's address and the one the amounts include (shared/shipping.ts). */
  options?: { rates: readonly ShippingRate[]; chosen: ShippingRate },
): WalletSheet {
  const offItems = Math.min(amounts.discount, amounts.subtotal);
  const items = amounts.subtotal - offItems;
  const shipping = amounts.shipping - (amounts.discount - offItems);
  const itemsName = offItems > 0 && promoCode ? `Items (${promoCode} applied)` : 'Items';
  const shippingRate = options
    ? { id: options.chosen.id, displayName: options.chosen.label, amount: shipping }
    : { id: WALLET_SHIPPING_RATE_ID, displayName: 'Shipping & handling', amount: shipping };
  const others = (options?.rates ?? [])
    .filter((rate) => rate.id !== shippingRate.id)
    .map((rate) => ({ id: rate.id, displayName: rate.label, amount: rate.amount }));
  return {
    lineItems: [
      { name: itemsName, amount: items },
      { name: 'Tax', amount: amounts.tax },
    ],
    shippingRate,
    shippingRates: [shippingRate, ...others],
    total: items + shipping + amounts.tax,
  };
}

/** Where the wallet says it ships before the shopper pays: Apple Pay tells only the city, state and ZIP. */
export interface WalletShipTo {
  city?: string;
  state: string;
  zip: string;
  country: string;
}

/** A ZIP as wallets give it (`78701`, `78701-1234`): its five digits, or '' when it has none. */
export const walletZip = (postalCode: string | null | undefined) =>
  /^\s*(\d{5})(?:[\s-]?\d{4})?\s*$/.exec(postalCode ?? '')?.[1] ?? '';

/**
 * A wallet's phone number as the shop stores one (spec section 5: 10 digits): `+1 (512) 555-0100` is `5125550100`.
 * A number that is not a US one is not kept (the carrier needs a US number; the order goes on without it).
 */
export function walletPhone(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/[^\d]/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return undefined;
}

/** The full address a wallet gives when the shopper pays (Stripe's shape: `address.line1`, `postal_code`). */
export interface WalletContact {
  name: string;
  email: string;
  phone?: string | null;
  address: {
    line1: string;
    line2?: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

/**
 * The checkout's shipping address from the wallet's contact (as typed: the server checks and sanitises it as the
 * shipping step's). A second address line is kept after the first, as one line.
 */
export function addressFromWallet(contact: WalletContact): ShippingAddress & { phone?: string } {
  const { address } = contact;
  const phone = walletPhone(contact.phone);
  return {
    name: contact.name.trim(),
    email: contact.email.trim(),
    line1: [address.line1, address.line2].filter((part) => part?.trim()).join(', '),
    city: address.city.trim(),
    state: address.state.trim(),
    zip: walletZip(address.postal_code) || address.postal_code.trim(),
    ...(phone ? { phone } : {}),
  };
}

/** What the shopper reads when a wallet payment does not go through (beside the wallet button, and on the sheet). */
export const WALLET_MESSAGES = {
  /** Stripe's sheet gives a US address only; this is the sheet's own line for anything else. */
  usOnly: 'We ship within the United States only.',
  /**
   * The wallet's full address priced the order differently from the part it showed first (Apple Pay reveals the
   * street only when the shopper pays), or a price changed meanwhile: nothing is charged.
   */
  totalChanged: (total: number, shown: number) =>
    `With your full address the total is ${formatPrice(total)}, not the ${formatPrice(shown)} your wallet showed. ` +
    'Nothing was charged. Please use Proceed to Checkout to see the new total before you pay.',
  cancelled: 'The wallet payment was cancelled. Nothing was charged.',
} as const;

/**
 * The built-in test processor's wallet (issue 38 item 5): what its sheet offers on a machine without Stripe. Its
 * addresses and cards go through the same server path as a real wallet's; the declined card is the test processor's.
 */
export const TEST_WALLET = {
  contacts: [
    {
      name: 'Wanda Wallet',
      email: 'wanda.wallet@example.com',
      phone: '+1 512 555 0142',
      address: {
        line1: '201 Congress Ave',
        line2: 'Apt 4',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
        country: 'US',
      },
    },
    {
      name: 'Wanda Wallet',
      email: 'wanda.wallet@example.com',
      phone: '+1 503 555 0199',
      address: { line1: '1 SW Main St', city: 'Portland', state: 'OR', postal_code: '97204', country: 'US' },
    },
  ] satisfies WalletContact[],
  cards: [
    { label: 'Visa ending 4242', number: '4242424242424242' },
    { label: 'Visa ending 0002 (declined)', number: '4000000000000002' },
  ],
} as const;
