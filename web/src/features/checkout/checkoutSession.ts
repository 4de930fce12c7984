import type { CreateIntentResult } from '#shared/schemas/checkout';
import { amountsSchema } from '#shared/schemas/refs';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CartLine } from '#shared/schemas/cart';
import { shippingRateSchema } from '#shared/schemas/shipping';
import * as z from '#shared/schemas/zod';
import { readStoredCart } from '../cart';
import { ApiError } from '../../lib/api';
import { CHECKOUT_ID_KEY, CHECKOUT_SECRET_KEY, createIntent, PROMO_KEY } from './checkoutApi';
import { storedPromo } from './usePromoCode';
import {
  addressFor,
  FORGETS,
  type CheckoutEvent,
  type CheckoutFacts,
  type CheckoutPart,
  type KeptAddress,
  type PricedCheckout,
} from './steps';

/**
 * This tab's checkout in sessionStorage (it lives as long as the tab, and a reload keeps it): the checkout the server
 * made (id and a guest's secret, decision 0062), the shipping details as typed, and the priced checkout of the card
 * step. Never card data: the card fields are Stripe's (or the test form's) and are never stored.
 */
export const ADDRESS_KEY = 'checkoutAddress';
export const PRICED_KEY = 'checkoutPriced';
/** The shipping rate chosen at the shipping step (its id only: the server prices it: shared/shipping.ts). */
export const RATE_KEY = 'shippingRate';

/** The chosen rate's id, or undefined (the server then prices the flat rate). */
export const readRateId = (): string | undefined => sessionStorage.getItem(RATE_KEY) ?? undefined;
export const keepRateId = (id: string) => sessionStorage.setItem(RATE_KEY, id);

const text = z.string().check(z.maxLength(400));
/** As typed (not sanitised: the server sanitises what it stores). */
const typedAddressSchema = z.object({ name: text, email: text, line1: text, city: text, state: text, zip: text });
const keptAddressSchema = z.object({ address: typedAddressSchema, who: z.nullable(z.string()) });
const pricedSchema = z.object({
  intent: z.object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    checkoutId: z.string(),
    amounts: amountsSchema,
    promo: z.optional(z.object({ code: z.string(), description: z.string() })),
    giftCard: z.optional(z.object({ last4: z.string(), amount: z.number(), balance: z.number() })),
    cardAmount: z.number(),
    paymentMode: z.enum(['stripe', 'test', 'none']),
    shipping: z.optional(z.object({ rate: shippingRateSchema, notice: z.optional(z.string()) })),
  }),
  cartKey: z.string(),
  who: z.nullable(z.string()),
  address: typedAddressSchema,
  promoCode: z.nullable(z.string()),
  authorized: z.optional(z.boolean()),
});

function read<S extends z.ZodMiniType>(key: string, schema: S): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** This tab's checkout as the server gave it: its id and, for a guest, the secret that proves it is this browser's. */
export function storedCheckout(): { checkoutId?: string; checkoutSecret?: string } {
  const checkoutId = sessionStorage.getItem(CHECKOUT_ID_KEY);
  const checkoutSecret = sessionStorage.getItem(CHECKOUT_SECRET_KEY);
  return { ...(checkoutId ? { checkoutId } : {}), ...(checkoutSecret ? { checkoutSecret } : {}) };
}

/** Keeps the checkout an answer names; its secret comes only with the answer that made it. */
export function keepCheckout(result: CreateIntentResult): void {
  if (result.checkoutSecret) sessionStorage.setItem(CHECKOUT_SECRET_KEY, result.checkoutSecret);
  else if (sessionStorage.getItem(CHECKOUT_ID_KEY) !== result.checkoutId)
    sessionStorage.removeItem(CHECKOUT_SECRET_KEY);
  sessionStorage.setItem(CHECKOUT_ID_KEY, result.checkoutId);
}

/**
 * Answers after which this checkout cannot go on (closed, its payment failed or stopped, or it can no longer be
 * changed, e.g. changed in another tab; or it is not this browser's any more, e.g. made before signing in): pricing
 * then starts a new checkout.
 */
const FINISHED_CHECKOUT = ['checkout_closed', 'payment_failed', 'conflict', 'checkout_not_found', 'gift_card_spent'];

/**
 * Prices this tab's checkout on the server (Next, or a wallet's Pay): the same checkout again while it can change, a
 * new one once it cannot; the answer's checkout is kept for the tab.
 */
export async function priceCheckout(input: {
  cart: CartLine[];
  shippingAddress: ShippingAddress;
  who: string | null;
  promoCode: string | null;
  /** Paid from a wallet's sheet: the total it showed (docs/decisions/0129). */
  wallet?: { shownTotal: number };
  /** The sheet's rate (a wallet's); missing: the one chosen at the shipping step, if any. */
  shippingRateId?: string;
}): Promise<CreateIntentResult> {
  const ask = () =>
    createIntent({
      cart: input.cart,
      shippingAddress: input.shippingAddress,
      ...storedCheckout(),
      signedIn: input.who !== null,
      promoCode: input.promoCode ?? undefined,
      shippingRateId: input.shippingRateId ?? readRateId(),
      wallet: input.wallet,
    });
  const result = await ask().catch((error: unknown) => {
    if (!(error instanceof ApiError && FINISHED_CHECKOUT.includes(error.code))) throw error;
    forget('checkoutGone');
    return ask();
  });
  keepCheckout(result);
  return result;
}

/** The typed shipping details this shopper may see (steps.ts addressFor). */
export const readAddress = (who: string | null | undefined): ShippingAddress =>
  addressFor(read(ADDRESS_KEY, keptAddressSchema), who);

export function keepAddress(address: ShippingAddress, who: string | null): void {
  sessionStorage.setItem(ADDRESS_KEY, JSON.stringify({ address, who } satisfies KeptAddress));
}

export const readPriced = (): PricedCheckout | null => read(PRICED_KEY, pricedSchema);

export function keepPriced(priced: PricedCheckout): void {
  // The guest's secret is kept once, under its own key (decision 0062); the priced copy never holds it.
  const { checkoutSecret: _secret, ...intent } = priced.intent as CreateIntentResult;
  sessionStorage.setItem(PRICED_KEY, JSON.stringify({ ...priced, intent }));
}

/** The card was authorized: a reload of the card step goes on recording the order instead of asking for the card. */
export function markAuthorized(): void {
  const priced = readPriced();
  if (priced) keepPriced({ ...priced, authorized: true });
}

const KEYS: Record<CheckoutPart, string[]> = {
  priced: [PRICED_KEY],
  checkout: [CHECKOUT_ID_KEY, CHECKOUT_SECRET_KEY],
  address: [ADDRESS_KEY, RATE_KEY],
  promo: [PROMO_KEY],
};

/** Forgets what `event` forgets (steps.ts FORGETS). */
export function forget(event: CheckoutEvent): void {
  for (const part of FORGETS[event]) for (const key of KEYS[part]) sessionStorage.removeItem(key);
}

/**
 * What a route loader knows of the checkout: the stored cart, details, code and priced checkout (not yet who shops).
 */
export function storedFacts(): CheckoutFacts {
  return {
    cart: readStoredCart(),
    address: readAddress(undefined),
    promoCode: storedPromo()?.code ?? null,
    priced: readPriced(),
  };
}
