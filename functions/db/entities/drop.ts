import { model, type Timestamps } from '../table';

/** One size of a drop: its stock count (shared/sizes.ts stockCell), its shards and the units they started with. */
export interface DropSize {
  size: string;
  cell: string;
  shards: number;
  start: number;
}

/**
 * A drop (issue 57, docs/decisions/0170): some sizes of a product on sale from `startsAt` (UTC; set in the shop's
 * time zone), at most `limit` units per customer, their stock split over shards (stock-shard.ts) while `state` is
 * `on`; when it ends the shards fold back into the one count.
 */
export interface DropRecord extends Timestamps {
  productId: string;
  sizes: DropSize[];
  startsAt: string;
  limit: number;
  /** The card step takes only buyers the drop's line let in (docs/decisions/0171). */
  line?: boolean;
  state: 'on' | 'ended';
  endedAt?: string;
  version: number;
}

export const drops = model<DropRecord, 'productId', 'version'>({
  entity: 'drop',
  pk: ['productId'],
  defaults: () => ({ version: 1 }),
});
