import { model, type Timestamps } from '../table';

/**
 * A counter of the shoppers' path (issue 56 item 2, docs/decisions/0167): how many times `step` happened on shop day
 * `day` on a `device` class from `source`, in one of FUNNEL_SHARDS items (a random one per beacon: no item takes every
 * write of a busy minute). Nothing else: no address, no id, no time finer than the day.
 */
export interface FunnelCountRecord extends Timestamps {
  day: string;
  step: string;
  device: string;
  source: string;
  shard: number;
  count: number;
}

export const funnelCounts = model<FunnelCountRecord, 'day' | 'step' | 'device' | 'source' | 'shard'>({
  entity: 'funnel',
  pk: ['day'],
  sk: ['step', 'device', 'source', 'shard'],
  indexes: { byDay: { index: 'table', pk: ['day'], sk: ['step', 'device', 'source', 'shard'] } },
});
