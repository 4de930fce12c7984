import type { SaleRules } from '#shared/sales';
import { model, type Timestamps } from '../table';

/**
 * A sale without a code (issue 54, docs/decisions/0178), keyed by its id. `uses` counts orders taken with it: only
 * ever changed inside the take's transaction (+1, on the condition that it is under `maxUses`: decision 0179) and the
 * transactions that cancel an order (-1), never by the owner's edits.
 */
export interface SaleRecord extends SaleRules, Timestamps {
  version: number;
}

export const sales = model<SaleRecord, 'saleId', 'version' | 'uses' | 'active'>({
  entity: 'sale',
  pk: ['saleId'],
  indexes: { all: { index: 'gsi1', pk: [], sk: ['saleId'] } },
  defaults: () => ({ version: 1, uses: 0, active: true }),
});
