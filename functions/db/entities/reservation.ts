import type { Amounts } from '#shared/money';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CartLine } from '#shared/schemas/cart';
import { model, type Timestamps } from '../table';

/**
 * Legacy (docs/decisions/0008, superseded by 0022): stock held for one unpaid checkout before manual capture.
 * Only the settle job still reads these, to give back what an `active` one holds; finished ones expire by TTL.
 * Remove once no active reservation is left in any stage (the job logs `legacy` settled counts).
 */
export interface ReservationRecord extends Timestamps {
  checkoutId: string;
  customer: string;
  intentId?: string;
  status: 'active' | 'converted' | 'released';
  lines: CartLine[];
  /** Units held of each stock count ("stockItem|<id>|<size>" or "product|<id>|<size>"). */
  cells: Record<string, number>;
  amounts: Amounts;
  shippingAddress: ShippingAddress;
  /** When an active reservation was to be released (ISO); the job queries active ones by it. */
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
