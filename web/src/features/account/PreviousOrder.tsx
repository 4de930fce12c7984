import { startTransition, useOptimistic } from 'react';
import { MESSAGES, RATING_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { LinePhoto } from '../../components/LinePhoto';
import type { AccountWrite, accountLoader } from './accountData';
import { StarRating } from './StarRating';

type Loaded = Awaited<ReturnType<typeof accountLoader>>;

/**
 * The items of the customer's orders (the spec's Previous Order), each with its stars once its order has shipped (before
 * that, a line says when it can be rated: issue 50 item 7): a rating shows at once while it is saved (`post`) and read
 * again; if the save fails the stars go back to the one read.
 */
export function PreviousOrder({
  items,
  rateable,
  read,
  post,
}: {
  items: Loaded['previous'];
  /** The ids of the products that may be rated now (the server's answer: it refuses the others too). */
  rateable: Loaded['rateable'];
  /** The ratings as the route's loader last read them, by product id. */
  read: Loaded['ratings'];
  post: (write: AccountWrite) => Promise<void> | void;
}) {
  const [ratings, showRating] = useOptimistic(
    read,
    (shown, { productId, rating }: { productId: string; rating: number }) => ({ ...shown, [productId]: rating }),
  );

  function giveRating(productId: string, rating: number) {
    startTransition(async () => {
      showRating({ productId, rating });
      await post({ intent: 'rate', productId, rating });
    });
  }

  return (
    <section className="card" aria-labelledby="previous-heading">
      <h2 id="previous-heading">Previous Order</h2>
      {items.length === 0 && <p className="muted">{MESSAGES.noPreviousOrders}</p>}
      <ul className="previous">
        {items.map((item) => (
          <li key={`${item.id}|${item.size}`}>
            <LinePhoto src={item.image} size={64} />
            <div>
              <strong>{unescapeText(item.name)}</strong>
              <span className="muted">
                {item.size !== 'CANDLE' ? `${item.size} · ` : ''}
                {item.quantity} × {formatPrice(item.price)}
              </span>
            </div>
            {rateable.includes(item.id) ? (
              <StarRating
                label={`Rate ${unescapeText(item.name)}`}
                value={ratings[item.id] ?? 0}
                onRate={(rating) => giveRating(item.id, rating)}
              />
            ) : (
              <p className="muted rate-later">{RATING_MESSAGES.afterShipping}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
