import { Link } from 'react-router-dom';
import { cartLineKey, giftCardLineText, giftCardProblem, GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { CART_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { SALE_WORDS } from '#shared/sales';
import type { CartLine } from '#shared/schemas/cart';
import type { GiftCardDetails } from '#shared/schemas/gift-cards';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE, MAX_QUANTITY } from '#shared/sizes';
import { LinePhoto } from '../../components/LinePhoto';
import type { CartAction } from '../cart';

/**
 * One cart line (spec section 2, issue 26): the photo, the name (a link) beside it with the size (none for candles)
 * and the unit price, the minus / number / plus control, the line's total and Remove (all of the line, spec
 * section 4). A line never holds more than 9: at 9 the plus is off and the line says why.
 */
export function CartLineRow({
  line,
  dispatch,
  sale = null,
}: {
  line: CartLine;
  dispatch: (action: CartAction) => void;
  /** What a sale without a code takes off the line (issue 54), as the server said for this cart. */
  sale?: { off: number; sale: string } | null;
}) {
  if (line.giftCard) return <GiftCardLineRow line={line} card={line.giftCard} dispatch={dispatch} />;
  const name = unescapeText(line.name);
  const setQuantity = (quantity: number) =>
    dispatch({ type: 'UPDATE_QUANTITY', id: line.id, size: line.size, quantity });
  const atLimit = line.quantity >= MAX_QUANTITY;
  return (
    <li className="cart-line card">
      {/* A line saved before its product's picture moved (image pipeline) shows an empty frame, not a broken image. */}
      <div className="cart-line-photo">
        <LinePhoto src={line.image} size={96} sizes="(max-width: 560px) 72px, 96px" />
      </div>
      <div className="cart-line-info">
        <Link to={`/product/${line.id}`} className="cart-line-name">
          {name}
        </Link>
        {line.size !== CANDLE_SIZE && <span className="muted">Size: {line.size}</span>}
        <span className="muted">{formatPrice(line.price)} each</span>
      </div>
      <div className="cart-line-quantity">
        <div className="quantity" role="group" aria-label={`Quantity of ${name}`}>
          <button
            type="button"
            className="secondary small"
            aria-label="One less"
            onClick={() => setQuantity(line.quantity - 1)}
          >
            −
          </button>
          <span aria-live="polite">{line.quantity}</span>
          <button
            type="button"
            className="secondary small"
            aria-label="One more"
            disabled={atLimit}
            onClick={() => setQuantity(line.quantity + 1)}
          >
            +
          </button>
        </div>
        {atLimit && <span className="cart-line-limit">{CART_MESSAGES.lineAtLimit(MAX_QUANTITY)}</span>}
      </div>
      <div className="cart-line-end">
        <span className="cart-line-total" data-testid="line-total">
          {sale ? (
            <>
              {formatPrice(Math.max(0, line.price * line.quantity - sale.off))}{' '}
              <s>
                <span className="visually-hidden">{SALE_WORDS.was}</span>
                {formatPrice(line.price * line.quantity)}
              </s>
            </>
          ) : (
            formatPrice(line.price * line.quantity)
          )}
        </span>
        {sale && <span className="cart-line-sale">{sale.sale}</span>}
        <button
          type="button"
          className="link"
          aria-label={`Remove ${name}`}
          onClick={() => dispatch({ type: 'REMOVE_FROM_CART', id: line.id, size: line.size })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * A gift card's line (docs/decisions/0127): who it is for, their address and the day it is mailed, the amount; its
 * quantity is one card. A day that has passed by now is said on the line: the checkout refuses it until the card is
 * added again with a new day.
 */
function GiftCardLineRow({
  line,
  card,
  dispatch,
}: {
  line: CartLine;
  card: GiftCardDetails;
  dispatch: (action: CartAction) => void;
}) {
  const label = giftCardLineText(card);
  const problem = giftCardProblem(card, new Date());
  return (
    <li className="cart-line card gift-card-line">
      <div className="cart-line-photo">
        <img src={line.image} alt="" width={96} height={96} />
      </div>
      <div className="cart-line-info">
        <Link to="/gift-cards" className="cart-line-name">
          {label}
        </Link>
        <span className="muted">To {card.recipientEmail}</span>
        {card.message && <span className="muted gift-card-line-message">“{card.message}”</span>}
        {problem && (
          <span className="error" role="alert">
            {problem} {GIFT_CARD_WORDS.addAgain}
          </span>
        )}
      </div>
      <div className="cart-line-quantity">
        <span className="muted">1 card</span>
      </div>
      <div className="cart-line-end">
        <span className="cart-line-total" data-testid="line-total">
          {formatPrice(line.price)}
        </span>
        <button
          type="button"
          className="link"
          aria-label={`Remove ${label}`}
          onClick={() => dispatch({ type: 'REMOVE_FROM_CART', id: line.id, size: line.size, key: cartLineKey(line) })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
