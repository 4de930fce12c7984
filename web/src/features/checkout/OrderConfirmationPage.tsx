import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_STATUS_PATH } from '#shared/aftersale';
import { cartLineKey, giftCardLineText, goodsLines, GIFT_CARD_WORDS, typedGiftCard } from '#shared/gift-card-lines';
import { GUEST_ORDER_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { hasShipTo } from '#shared/order-address';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE } from '#shared/sizes';
import { Amounts } from '../../components/Amounts';
import { HotItems } from '../../components/HotItems';
import { LinePhoto } from '../../components/LinePhoto';
import { type SignupFromOrder, useAuth } from '../auth';
import { focusAfterPaint } from '../../lib/tasks';
import { readLastOrder } from './lastOrder';
import { noteStep } from '../../lib/funnel';
import './checkout.css';

const PAID_KEY = 'funnel-paid';

/**
 * Thank-you page with the stored order number (spec section 2), shown as people read it (#1042), and, as the
 * confirmation mail has it, what was bought, where it ships and what was paid (with a promo code's discount). Its
 * heading takes the focus when the page appears, as each checkout step's does: a screen reader says where it is.
 */
export default function OrderConfirmationPage() {
  const { orderNumber, order } = readLastOrder();
  const { user } = useAuth();
  const address = order?.shippingAddress;
  const onlyGiftCards = !!order?.lines?.length && goodsLines(order.lines).length === 0;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusAfterPaint(heading.current), []);
  // The shoppers' path (decision 0167): an order paid, counted once per order in this tab.
  useEffect(() => {
    if (!orderNumber) return;
    try {
      if (sessionStorage.getItem(PAID_KEY) === orderNumber) return;
      sessionStorage.setItem(PAID_KEY, orderNumber);
    } catch {
      return;
    }
    noteStep('paid');
  }, [orderNumber]);
  return (
    <section className="page confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Thank you for your order!
      </h1>
      {orderNumber ? (
        <p className="card">
          Your order number is{' '}
          <strong data-testid="order-number" className="order-number">
            {orderLabel(orderNumber)}
          </strong>
          . A confirmation is on its way to your inbox, and{' '}
          {onlyGiftCards ? 'each gift card is emailed on its day' : 'your order ships within 2-3 days'}. You can follow
          it any time on the{' '}
          <Link to={`${ORDER_STATUS_PATH}?order=${encodeURIComponent(orderNumber)}`}>order status page</Link>.
        </p>
      ) : (
        <p className="card">We could not find a recent order in this browser.</p>
      )}
      {/* On a laptop what was bought and where it ships and what was paid sit side by side, so the page is as wide
          as the strip under it, which shows its cards whole (issue 50 item 11). */}
      <div className="confirmation-details">
        <div>
          {order?.lines && (
            <section className="card" aria-labelledby="bought-heading">
              <h2 id="bought-heading">What you bought</h2>
              <ul className="confirmation-lines">
                {order.lines.map((line) => (
                  <li key={cartLineKey(line)}>
                    <LinePhoto src={line.image} size={56} />
                    {line.giftCard ? (
                      // A gift card: who it is for and its day, not a size (docs/decisions/0127).
                      <span className="line-name">
                        {giftCardLineText(typedGiftCard(line.giftCard))}
                        <span className="line-details muted">To {line.giftCard.recipientEmail}</span>
                      </span>
                    ) : (
                      <span className="line-name">
                        {unescapeText(line.name)}
                        <span className="line-details muted">
                          {line.size !== CANDLE_SIZE && `Size ${line.size} · `}Qty {line.quantity}
                        </span>
                      </span>
                    )}
                    <span>{formatPrice(line.price * line.quantity)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div>
          {address && onlyGiftCards && (
            <section className="card" aria-labelledby="ships-heading">
              <h2 id="ships-heading">Nothing ships</h2>
              <p>{GIFT_CARD_WORDS.emailedOnItsDay}</p>
            </section>
          )}
          {address && hasShipTo(address) && !onlyGiftCards && (
            <section className="card" aria-labelledby="ships-heading">
              <h2 id="ships-heading">Where it ships</h2>
              <address className="confirmation-address">
                {unescapeText(address.name)}
                <br />
                {unescapeText(address.line1)}
                <br />
                {unescapeText(address.city)}, {unescapeText(address.state)} {address.zip}
              </address>
            </section>
          )}
          {order && (
            <section className="card" aria-labelledby="paid-heading">
              <h2 id="paid-heading">What you paid</h2>
              <Amounts amounts={order.amounts} promoCode={order.promoCode} />
            </section>
          )}
        </div>
      </div>
      {!user && orderNumber && address?.email && (
        // A guest: an account with the order in it, added once the account's email is proven (issue 50 item 11).
        <section className="card guest-account" aria-labelledby="account-offer-heading">
          <h2 id="account-offer-heading">Save your details for next time</h2>
          <p>{GUEST_ORDER_MESSAGES.offer}</p>
          <Link
            to="/signup"
            state={{ email: unescapeText(address.email), guestOrder: orderNumber } satisfies SignupFromOrder}
            className="button secondary"
          >
            {GUEST_ORDER_MESSAGES.createAccount}
          </Link>
        </section>
      )}
      <p>
        <Link to="/" className="button">
          Keep shopping
        </Link>
      </p>
      <HotItems />
    </section>
  );
}
