import { model, type Timestamps } from '../table';

/**
 * One shard of a drop's stock count (docs/decisions/0170): `units` left, never below zero (each take's condition),
 * and what moved through it: `start` (given at the drop's start), `taken` (by orders) and `restocked` (the owner's
 * restock, a refund's or a cancel's units back). Always units = start - taken + restocked. Each shard is its own
 * partition key (the count's cell and the shard's number), so DynamoDB spreads them over partitions.
 */
export interface StockShardRecord extends Timestamps {
  cell: string;
  shard: number;
  units: number;
  start: number;
  taken: number;
  restocked: number;
}

export const stockShards = model<StockShardRecord, 'cell' | 'shard'>({
  entity: 'stockShard',
  pk: ['cell', 'shard'],
});
