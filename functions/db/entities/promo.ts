import type { PromoRules } from '#shared/promo';
import { model, type Timestamps } from '../table';

/**
 * A promo code (issue 13), keyed by the code in upper case. `redemptions` counts orders taken with it: it is only
 * ever changed inside the take's transaction (+1, conditional on the limit) and the transactions that cancel an
 * order (-1), never by the admin's edits (docs/decisions/0039).
 */
export interface PromoRecord extends PromoRules, Timestamps {
  version: number;
}

export const promos = model<PromoRecord, 'code', 'version' | 'redemptions' | 'active'>({
  entity: 'promo',
  pk: ['code'],
  indexes: { all: { index: 'gsi1', pk: [], sk: ['code'] } },
  defaults: () => ({ version: 1, redemptions: 0, active: true }),
});

/**
 * How many taken orders one customer has with one code (`customer`: "email:<canonical email>" or "user:<sub>",
 * shared/promo.ts promoCustomerKeys; "email:<lower-cased email>" from before decision 0063), for `maxPerCustomer`.
 * Changed in the same transactions as the code's count.
 */
export interface PromoUseRecord extends Timestamps {
  code: string;
  customer: string;
  uses: number;
}

export const promoUses = model<PromoUseRecord, 'code' | 'customer'>({
  entity: 'promoUse',
  pk: ['code'],
  sk: ['customer'],
});
