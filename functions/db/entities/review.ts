import { model, type Timestamps } from '../table';

/** One rating (1 to 5) per user per product; the product keeps the running total and count. */
export interface ReviewRecord extends Timestamps {
  productId: string;
  userId: string;
  rating: number;
}

export const reviews = model<ReviewRecord, 'productId' | 'userId'>({
  entity: 'review',
  pk: ['productId'],
  sk: ['userId'],
});
