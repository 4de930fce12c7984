import type { ReplacementStatus } from '#shared/aftersale';
import type { SentMail } from './order';
import { model, type Timestamps } from '../table';

/**
 * A replacement request (the 30-day promise). Its id is `<orderNumber>_r<n>`; once approved, the replacement
 * order has the same number. `customer` and `email` are the original order's.
 */
export interface ReplacementRecord extends Timestamps {
  id: string;
  orderNumber: string;
  customer: string;
  email: string;
  name: string;
  lines: { id: string; name: string; image: string; size: string; quantity: number }[];
  reason: string;
  status: ReplacementStatus;
  /** The admin's message when declined. */
  message?: string;
  decidedAt?: string;
  /** When its replacement order was cancelled before shipping (status cancelled). */
  cancelledAt?: string;
  /** The last mail about it to the customer (received, approved, declined). */
  mail?: SentMail;
}

export const replacements = model<ReplacementRecord, 'id'>({
  entity: 'replacement',
  pk: ['id'],
  indexes: {
    byOrder: { index: 'gsi1', pk: ['orderNumber'], sk: ['createdAt'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['createdAt'] },
  },
});
