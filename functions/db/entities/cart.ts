import type { CartLine } from '#shared/schemas/cart';
import { model, type Timestamps } from '../table';

/** The saved cart of a signed-in customer, one record per user. */
export interface CartRecord extends Timestamps {
  userId: string;
  lines: CartLine[];
}

export const carts = model<CartRecord, 'userId', 'lines'>({
  entity: 'cart',
  pk: ['userId'],
  defaults: () => ({ lines: [] }),
});
