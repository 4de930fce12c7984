import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { db } from '../../db/service';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { customerOrders } from './orders';

/**
 * One rating per customer per product, only for products the customer bought (docs/decisions/0011). The review
 * and the product's running total and count change in one transaction, conditioned on the rating read before,
 * so retries and concurrent raters keep the average exact.
 */
export async function rateProduct(userId: string, productId: string, rating: number) {
  const product = (await db().entities.product.get({ id: productId }).go()).data;
  if (!product || product.status !== 'listed') throw notFound('Product not found.');
  const bought = (await customerOrders(userId)).some((order) => order.lines.some((line) => line.id === productId));
  if (!bought) throw forbidden('You can rate products you have bought.');
  const { Key: productKey } = db().entities.product.get({ id: productId }).params() as { Key: Record<string, string> };
  for (let attempt = 0; attempt < 15; attempt++) {
    const previous = (await db().entities.review.get({ productId, userId }).go()).data;
    const { Item } = db().entities.review.put({ productId, userId, rating, createdAt: previous?.createdAt }).params() as { Item: Record<string, unknown> };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item,
                ...(previous
                  ? { ConditionExpression: '#rating = :previous', ExpressionAttributeNames: { '#rating': 'rating' }, ExpressionAttributeValues: { ':previous': previous.rating } }
                  : { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' } }),
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: productKey,
                UpdateExpression: 'SET #total = if_not_exists(#total, :zero) + :delta, #count = if_not_exists(#count, :zero) + :added',
                ConditionExpression: 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#total': 'ratingTotal', '#count': 'ratingCount', '#pk': 'pk' },
                ExpressionAttributeValues: { ':zero': 0, ':delta': rating - (previous?.rating ?? 0), ':added': previous ? 0 : 1 },
              },
            },
          ],
        }),
      );
      const after = (await db().entities.product.get({ id: productId }).go()).data!;
      const count = after.ratingCount ?? 0;
      return { rating, ratingCount: count, averageRating: count ? Math.round(((after.ratingTotal ?? 0) / count) * 10) / 10 : 0 };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30 * (attempt + 1)));
    }
  }
  throw conflict('Many ratings at once: please try again.');
}

export async function listRatings(userId: string): Promise<{ ratings: Record<string, number> }> {
  const orders = await customerOrders(userId);
  const ids = [...new Set(orders.flatMap((order) => order.lines.map((line) => line.id)))];
  const reviews = ids.length ? (await db().entities.review.get(ids.map((productId) => ({ productId, userId }))).go()).data : [];
  return { ratings: Object.fromEntries(reviews.map((review) => [review.productId, review.rating])) };
}
