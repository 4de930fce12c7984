import { createPortal } from 'react-dom';
import { ORDER_STATUS_PATH, REPLACEMENT_DAYS } from '#shared/aftersale';
import { SHOP_NAME } from '#shared/pages';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { hasShipTo } from '#shared/order-address';
import type { AdminOrderView } from '#shared/schemas/order-views';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE } from '#shared/sizes';
import { orderLabel } from '#shared/order-number';
import { quoteLabel } from '#shared/quotes';
import { unitsToSend } from '#shared/to-ship';

type SlipOrder = Pick<
  AdminOrderView,
  'orderNumber' | 'createdAt' | 'shippingAddress' | 'lines' | 'replacementOf' | 'refundedUnits' | 'quote'
>;

/**
 * The packing slips of `orders` (docs/decisions/0052), one per printed page: who it is for, what is in the parcel
 * and how many (the units left to send: refunded units are not packed, docs/decisions/0145), a quote's number, and
 * where the customer finds the order; no prices (a parcel may be a gift). Kept directly under
 * <body> (a portal) and hidden on screen; printing the page prints only these (admin.css, @media print).
 */
export function PackingSlips({ orders }: { orders: readonly SlipOrder[] }) {
  return createPortal(
    <div className="packing-slips">
      {orders.map((order) => (
        <PackingSlip key={order.orderNumber} order={order} />
      ))}
    </div>,
    document.body,
  );
}

function PackingSlip({ order }: { order: SlipOrder }) {
  const a = order.shippingAddress;
  return (
    <section className="packing-slip" aria-label="Packing slip">
      <p className="slip-shop">{SHOP_NAME}</p>
      <h2>{order.replacementOf ? `Replacement for order ${orderLabel(order.replacementOf)}` : 'Packing slip'}</h2>
      <p>
        Order {orderLabel(order.orderNumber)} ·{' '}
        {new Date(order.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}
        {order.quote && ` · Made to order, quote ${quoteLabel(order.quote.number)}`}
      </p>
      <address>
        {unescapeText(a.name)}
        <br />
        {hasShipTo(a) ? (
          <>
            {unescapeText(a.line1)}
            <br />
            {unescapeText(a.city)}, {unescapeText(a.state)} {a.zip}
          </>
        ) : (
          GIFT_CARD_WORDS.nothingShips
        )}
      </address>
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Size</th>
            <th scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {unitsToSend(order).map((line) => (
            <tr key={`${line.id}|${line.size}`}>
              <td>{unescapeText(line.name)}</td>
              <td>{line.size === CANDLE_SIZE ? '' : line.size}</td>
              <td>{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Thank you for shopping with us! Your order at any time: {window.location.origin}
        {ORDER_STATUS_PATH} (the order number and your email). Anything damaged or wrong? Ask for a replacement there
        within {REPLACEMENT_DAYS} days.
      </p>
    </section>
  );
}
