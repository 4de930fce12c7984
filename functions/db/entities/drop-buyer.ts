import { model, type Timestamps } from '../table';

/**
 * The units one customer has bought of a drop (docs/decisions/0170), under each key that names them: `account#<user
 * id>`, `email#<canonical email>` (decision 0063), `card#<Stripe card fingerprint>`. The take adds to each on the
 * condition that it stays within the drop's limit; a cancel gives the units back.
 */
export interface DropBuyerRecord extends Timestamps {
  productId: string;
  buyer: string;
  units: number;
}

export const dropBuyers = model<DropBuyerRecord, 'productId' | 'buyer'>({
  entity: 'dropBuyer',
  pk: ['productId', 'buyer'],
});
