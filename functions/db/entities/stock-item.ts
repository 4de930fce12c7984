import type { ApparelSize } from '#shared/sizes';
import { model, type Timestamps } from '../table';

/** Stock counts of apparel and gift wraps (gift-wrap sizes map onto S, M and L), keyed by the item id text. */
export interface StockItemRecord extends Timestamps {
  id: string;
  stock: Record<ApparelSize, number>;
  /** Sizes whose units are in a drop's shards meanwhile (the count here holds 0 of them): shards per size. */
  dropShards?: Partial<Record<string, number>>;
  version: number;
}

export const stockItems = model<StockItemRecord, 'id', 'version'>({
  entity: 'stockItem',
  pk: ['id'],
  indexes: { all: { index: 'gsi1', pk: [], sk: ['id'] } },
  defaults: () => ({ version: 1 }),
});
