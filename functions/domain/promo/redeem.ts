import {
  describePromo,
  promoCustomerKeys,
  promoMessage,
  promoRefusal,
  PROMO_MESSAGES,
  type PromoRefusal,
} from '#shared/promo';
import type { OrderPromo } from '../../db/entities/order';
import { promos, promoUses } from '../../db/entities/promo';
import type { TransactItem } from '../../db/table';
import { HttpError } from '../../lib/errors';

/**
 * Using a promo code (design section 4 "Promo codes", docs/decisions/0039): it is checked when the cart asks and
 * again when the card step prices the order (reads only), and redeemed in the take's one transaction, on the
 * condition that its counts are still under its limits.
 */

/** A code that cannot be used: 404 for an unknown one, 409 otherwise, one plain message each. */
export class PromoError extends HttpError {
  constructor(
    readonly refusal: PromoRefusal,
    minSubtotal?: number,
  ) {
    super(refusal === 'unknown' ? 404 : 409, `promo_${refusal}`, promoMessage(refusal, { minSubtotal }));
  }
}

/** How many taken orders this customer key has with the code. */
async function usesOf(code: string, customer: string): Promise<number> {
  return (await promoUses.get({ code, customer }, { consistent: true }))?.uses ?? 0;
}

/**
 * Who is paying, for the per-customer limit (docs/decisions/0063): a guest by the shipping email, or a signed-in
 * shopper, whose account email the user pool is asked for only when a count needs it.
 */
export type PromoShopper = { guestEmail: string } | { userId: string; accountEmail: () => Promise<string | null> };

async function keysOf(shopper: PromoShopper) {
  return promoCustomerKeys(
    'guestEmail' in shopper ? shopper : { userId: shopper.userId, accountEmail: await shopper.accountEmail() },
  );
}

/** Every count an order with this code adds to (its customer keys; the one key of orders from before 0063). */
export const customerKeysOf = (promo: OrderPromo) =>
  promo.customerKeys ?? (promo.customerKey ? [promo.customerKey] : []);

/**
 * The code's terms for an order of `subtotal` (its goods) by `shopper`, or a PromoError. The customer has used the code as
 * often as the most any of their keys counted (an order adds to each), plus their uses under the keys of before.
 * Without a shopper (the cart's check before sign-in or an address) the per-customer limit is left to the card
 * step. `forOrder`: the card step, whose order counts under the keys even when the code has no per-customer limit.
 */
export async function usablePromo(input: {
  code: string;
  /** The goods' subtotal (shared/money.ts promoBase: gift cards take no code, docs/decisions/0127). */
  subtotal: number;
  /** The cart is gift cards only: no code is taken. */
  giftCardsOnly?: boolean;
  shopper?: PromoShopper;
  forOrder?: boolean;
  now?: Date;
}): Promise<OrderPromo> {
  const rules = await promos.get({ code: input.code.toUpperCase() }, { consistent: true });
  const counted =
    rules && input.shopper && (input.forOrder || rules.maxPerCustomer !== undefined)
      ? await keysOf(input.shopper)
      : null;
  const limited = rules?.maxPerCustomer !== undefined && counted;
  const [live, prior] = limited
    ? await Promise.all([
        Promise.all(counted.keys.map((key) => usesOf(rules.code, key))),
        Promise.all(counted.legacy.map((key) => usesOf(rules.code, key))),
      ])
    : [[], []];
  const priorUses = prior.reduce((sum, uses) => sum + uses, 0);
  const refusal = promoRefusal(rules, {
    subtotal: input.subtotal,
    giftCardsOnly: input.giftCardsOnly,
    now: input.now ?? new Date(),
    customerUses: Math.max(0, ...live) + priorUses,
  });
  if (refusal || !rules) throw new PromoError(refusal ?? 'unknown', rules?.minSubtotal);
  return {
    code: rules.code,
    kind: rules.kind,
    value: rules.value,
    description: describePromo(rules),
    ...(rules.combinesWithSales ? { combinesWithSales: true } : {}),
    customerKey: counted?.keys[0] ?? '',
    ...(counted ? { customerKeys: counted.keys } : {}),
    ...(rules.maxPerCustomer !== undefined ? { maxPerCustomer: rules.maxPerCustomer } : {}),
    ...(priorUses ? { priorUses } : {}),
  };
}

/** Why a redemption failed in the take: the code's limit, the customer's, or the code was deactivated or deleted. */
export type RedeemRefusal = 'used_up' | 'used_by_you' | 'no_longer_valid';

/** One write of a redemption, and what the shopper is told when its condition fails. */
export interface RedeemPart {
  item: TransactItem;
  refusal: 'used_up' | 'used_by_you';
}

/**
 * The code's own condition failed in the take: it was used up, unless the owner deactivated or deleted it while
 * the shopper was paying (read again; the condition cannot say which).
 */
export async function whyCodeFailed(code: string): Promise<'used_up' | 'no_longer_valid'> {
  const rules = await promos.get({ code }, { consistent: true });
  return rules?.active ? 'used_up' : 'no_longer_valid';
}

/**
 * The redemption, as parts of the take's transaction: the code's count +1 on the condition that the code still
 * exists, is active and is under its limit (read from the code itself, so a limit lowered meanwhile holds), and
 * each of the customer's counts +1 under the per-customer limit the order was priced with (less the customer's
 * uses of before, which only ever go down). Every order of one customer adds to the same counts, so two at once
 * cannot both pass the limit. The take writes the order (keyed by the intent id, if new) in the same transaction,
 * so a redemption is counted exactly once per order.
 */
export function redeemParts(promo: OrderPromo, now: string): RedeemPart[] {
  const code = promos.transact.update(
    { code: promo.code },
    { set: { updatedAt: now }, add: { redemptions: 1 } },
    { when: { equals: { active: true }, belowLimit: { redemptions: 'maxRedemptions' } } },
  );
  const allowed = promo.maxPerCustomer === undefined ? undefined : promo.maxPerCustomer - (promo.priorUses ?? 0);
  // The customer's count is written when it is missing (their first use). Under a limit it must stay below what is
  // allowed; with no room left (the card step refuses that first) a missing count does not pass either.
  const customer = (key: string) =>
    promoUses.transact.update(
      { code: promo.code, customer: key },
      { set: { updatedAt: now }, add: { uses: 1 } },
      { upsert: true, ...(allowed !== undefined ? { when: { below: { uses: allowed } } } : {}) },
    );
  return [
    { item: code, refusal: 'used_up' },
    ...customerKeysOf(promo).map((key) => ({ item: customer(key), refusal: 'used_by_you' as const })),
  ];
}

/**
 * The writes that give an order's redemption back (the order was cancelled, or its payment never captured): the
 * code's count and each customer count the order took -1. Part of the transaction that moves the order to
 * cancelled on the condition that it was not yet, so it happens once. Counts that no longer exist are left alone.
 */
export async function giveBackParts(promo: OrderPromo | undefined, now: string): Promise<TransactItem[]> {
  if (!promo) return [];
  const keys = customerKeysOf(promo);
  const [code, uses] = await Promise.all([
    promos.get({ code: promo.code }, { consistent: true }),
    Promise.all(keys.map((key) => usesOf(promo.code, key))),
  ]);
  return [
    ...(code && code.redemptions > 0
      ? [
          promos.transact.update(
            { code: promo.code },
            { set: { updatedAt: now }, add: { redemptions: -1 } },
            { when: { atLeast: { redemptions: 1 } } },
          ),
        ]
      : []),
    ...keys
      .filter((_key, index) => uses[index] > 0)
      .map((key) =>
        promoUses.transact.update(
          { code: promo.code, customer: key },
          { set: { updatedAt: now }, add: { uses: -1 } },
          { when: { atLeast: { uses: 1 } } },
        ),
      ),
  ];
}

/**
 * What the shopper is told when the code's limit was reached while they were paying (the authorization is cancelled).
 */
export const whilePayingMessage = (refusal: RedeemRefusal, code: string) =>
  refusal === 'used_up'
    ? PROMO_MESSAGES.usedUpWhilePaying(code)
    : refusal === 'used_by_you'
      ? PROMO_MESSAGES.usedByYouWhilePaying(code)
      : PROMO_MESSAGES.noLongerValidWhilePaying(code);
