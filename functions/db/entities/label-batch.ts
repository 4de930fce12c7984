import { model, type Timestamps } from '../table';

/**
 * One "Buy labels" batch of the owner's (issue 53 item 3, docs/decisions/0175): the orders it buys for and how each
 * came out. The request writes it; the job `buy-labels` does the work, each order's label bought once by the order's
 * own attempt (functions/domain/orders/labels.ts), so a batch run twice, or two runs at once, buy nothing twice.
 */
export interface LabelBatchRecord extends Timestamps {
  id: string;
  status: 'waiting' | 'running' | 'done';
  orders: { orderNumber: string; status: 'waiting' | 'bought' | 'failed'; text?: string }[];
  /** Set while the batch has orders waiting: its place in the job's index (removed when done). */
  openAt?: string;
  /** TTL (epoch seconds): kept 30 days. */
  expiresAt: number;
}

export const labelBatches = model<LabelBatchRecord, 'id', never>({
  entity: 'labelBatch',
  pk: ['id'],
  indexes: { open: { index: 'gsi2', pk: [], sk: ['openAt'] } },
  defaults: () => ({}),
});
