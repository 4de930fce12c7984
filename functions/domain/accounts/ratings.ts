import { products } from '../../db/entities/product';
import { reviews } from '../../db/entities/review';
import { isCancelledTransaction } from '../../db/transaction';
import { MESSAGES, RATING_MESSAGES } from '#shared/messages';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { toProduct } from '../catalog/products';
import { commitProductChange } from '../catalog/tag-index';
import { customerOrders, hasShipped } from './orders';

const MAX_ATTEMPTS = 15;
const productNotFound = () => notFound(MESSAGES.productNotFound);

/** What the customer's orders say of a product: not bought, bought but not shipped yet, or shipped to them. */
async function boughtState(userId: string, productId: string): Promise<'none' | 'unshipped' | 'shipped'> {
  const bought = (await customerOrders(userId)).filter((order) => order.lines.some((line) => line.id === productId));
  if (bought.some(hasShipped)) return 'shipped';
  return bought.length ? 'unshipped' : 'none';
}

/**
 * One rating per customer per product, only for products the customer bought and that have shipped to them
 * (docs/decisions/0011-accounts-ratings.md; since issue 50 item 7 an order still being packed gives no rating: the
 * customer has not had the product in hand). The review and the product's running total and count change in one
 * transaction, conditioned on the rating read before (or on there being none), so retries and concurrent raters keep
 * the total and the count exact.
 */
export async function rateProduct(userId: string, productId: string, rating: number) {
  const stored = await products.get({ id: productId });
  if (!stored || stored.status !== 'listed') throw productNotFound();
  const bought = await boughtState(userId, productId);
  if (bought === 'none') throw forbidden('You can rate a product once you have bought it.');
  if (bought === 'unshipped') throw forbidden(RATING_MESSAGES.afterShipping);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const previous = await reviews.get({ productId, userId }, { consistent: true });
    const current = await products.get({ id: productId }, { consistent: true });
    if (!current || current.status !== 'listed') throw productNotFound();
    const record = { productId, userId, rating, ...(previous ? { createdAt: previous.createdAt } : {}) };
    try {
      // The product's counts, its catalogue entries (they sort by rating) and the review change together, on
      // the product as read: a concurrent rating or admin change makes this fail whole, and it is tried again.
      const after = await commitProductChange(
        current,
        {
          update: {
            set: {
              ratingTotal: (current.ratingTotal ?? 0) + rating - (previous?.rating ?? 0),
              ratingCount: (current.ratingCount ?? 0) + (previous ? 0 : 1),
            },
          },
        },
        {
          when: { equals: { status: 'listed' } },
          extra: [
            previous
              ? reviews.transact.put(record, { when: { equals: { rating: previous.rating } } })
              : reviews.transact.put(record, { ifNew: true }),
          ],
        },
      );
      const { averageRating, ratingCount } = toProduct(after!);
      return { averageRating, ratingCount, rating };
    } catch (error) {
      if (!isCancelledTransaction(error)) throw error;
      // Another rating by this customer, a rating or an admin change of the product (drafted or deleted: the
      // next read says so): nothing was written; read again and retry.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * (attempt + 1)));
    }
  }
  throw conflict('Many ratings at once: please try again.');
}

/** The customer's own ratings, for the stars already given on the account page: {ratings: {productId: rating}}. */
export async function listRatings(userId: string): Promise<{ ratings: Record<string, number> }> {
  const orders = await customerOrders(userId);
  const ids = [...new Set(orders.flatMap((order) => order.lines.map((line) => line.id)))];
  const given = await reviews.getMany(ids.map((productId) => ({ productId, userId })));
  return { ratings: Object.fromEntries(given.map((r) => [r.productId, r.rating])) };
}
