import type { Amounts } from '../../../shared/money';
import type { ShippingAddress } from '../../../shared/schemas/address';
import type { CartLine } from '../../../shared/schemas/cart';
import { model, type Timestamps } from '../table';

/**
 * An order, keyed by its payment intent id (exactly one order per payment). `customer` is the user id or
 * "guest". Completed orders are the archive (design section 5).
 */
export interface OrderRecord extends Timestamps {
  orderNumber: string;
  customer: string;
  status: 'pending' | 'completed';
  shippingAddress: ShippingAddress;
  lines: CartLine[];
  amounts: Amounts;
  completedAt?: string;
  checkoutId?: string;
  /** How the order was recorded first: the browser's callback, the payment provider's webhook or the expiry job. */
  recordedVia?: 'callback' | 'webhook' | 'expiry';
  /** The order confirmation mail to the customer (sent once). */
  mailStatus: 'pending' | 'sent' | 'failed';
  version: number;
}

export const orders = model<OrderRecord, 'orderNumber', 'status' | 'mailStatus' | 'version'>({
  entity: 'order',
  pk: ['orderNumber'],
  indexes: {
    byCustomer: { index: 'gsi1', pk: ['customer'], sk: ['createdAt'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['createdAt'] },
  },
  defaults: () => ({ status: 'pending', mailStatus: 'pending', version: 1 }),
});
