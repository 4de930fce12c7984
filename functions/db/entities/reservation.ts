import type { Amounts } from '../../../shared/money';
import type { ShippingAddress } from '../../../shared/schemas/address';
import type { CartLine } from '../../../shared/schemas/cart';
import { model, type Timestamps } from '../table';

/**
 * Stock held for one checkout (design section 4): created with the payment intent, converted when the order
 * is recorded, released when it expires or the intent is cancelled. `cells` says how many units it holds of
 * each stock count ("stockItem|<id>|<size>" or "product|<id>|<size>").
 */
export interface ReservationRecord extends Timestamps {
  checkoutId: string;
  customer: string;
  intentId?: string;
  status: 'active' | 'converted' | 'released';
  lines: CartLine[];
  cells: Record<string, number>;
  amounts: Amounts;
  shippingAddress: ShippingAddress;
  /** When an active reservation is released (ISO time); the expiry job queries active ones by it. */
  releaseAfter: string;
  /** TTL (epoch seconds): set once the reservation is finished, so DynamoDB clears it later. */
  expiresAt?: number;
  version: number;
}

export const reservations = model<ReservationRecord, 'checkoutId'>({
  entity: 'reservation',
  pk: ['checkoutId'],
  indexes: { byStatus: { index: 'gsi2', pk: ['status'], sk: ['releaseAfter'] } },
});
