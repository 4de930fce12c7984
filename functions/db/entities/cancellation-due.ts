import { model, type Timestamps } from '../table';

/**
 * A cancellation whose refund or mail is not finished yet (docs/decisions/0048): written in the cancel's own
 * transaction, deleted once the refund is confirmed (or there is none) and the mail has gone (or failed). All of
 * them share one small partition, so the settle job finds the unfinished ones with one Query, not by reading
 * every cancelled order. `sweepAt`: when the job looks at it next (later after each failed attempt).
 */
export interface CancellationDueRecord extends Timestamps {
  /** Always `due`: the one partition. */
  list: 'due';
  orderNumber: string;
  sweepAt: string;
  /** Attempts by the job that failed (the provider could not be reached, a crash): backs off. */
  attempts: number;
}

export const cancellationsDue = model<CancellationDueRecord, 'list' | 'orderNumber', 'attempts'>({
  entity: 'cancellation-due',
  pk: ['list'],
  sk: ['orderNumber'],
  indexes: { due: { index: 'table', pk: ['list'], sk: ['orderNumber'] } },
  defaults: () => ({ attempts: 0 }),
});
