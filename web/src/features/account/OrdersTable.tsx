import { Link } from 'react-router-dom';
import { ORDER_STATE_LABEL, orderState } from '#shared/to-ship';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import type { accountLoader } from './accountData';

type Loaded = Awaited<ReturnType<typeof accountLoader>>;

/** The customer's orders: number (a link to the order), date, items, total with any discount, status and tracking. */
export function OrdersTable({ orders }: { orders: Loaded['orders'] }) {
  return (
    <section className="card" aria-labelledby="orders-heading">
      <h2 id="orders-heading">Your Orders</h2>
      {orders.length === 0 && <p className="muted">No orders yet.</p>}
      {orders.length > 0 && (
        // A desktop reads a table; a phone reads each order as a card of labelled lines (account.css), so nothing
        // hides off to the side.
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Items</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Tracking</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderNumber}>
                <td data-label="Order">
                  <Link
                    className="mono"
                    to={`/account/orders/${order.orderNumber}`}
                    aria-label={`Order ${orderLabel(order.orderNumber)}`}
                  >
                    {orderLabel(order.orderNumber)}
                  </Link>
                </td>
                <td data-label="Date">{new Date(order.createdAt).toLocaleDateString('en-US')}</td>
                <td data-label="Items">{order.lines.reduce((n, l) => n + l.quantity, 0)}</td>
                <td data-label="Total">
                  {formatPrice(order.amounts.total)}
                  {order.amounts.discount > 0 && (
                    <span className="muted discount-note">
                      {' '}
                      ({formatPrice(order.amounts.discount)} off{order.promoCode ? ` with ${order.promoCode}` : ''})
                    </span>
                  )}
                </td>
                <td data-label="Status">
                  <span className={`status ${orderState(order)}`}>{ORDER_STATE_LABEL[orderState(order)]}</span>
                </td>
                <td data-label="Tracking" className={order.trackingUrl || order.trackingNumber ? undefined : 'empty'}>
                  {order.trackingUrl ? (
                    <a href={order.trackingUrl} target="_blank" rel="noreferrer">
                      Track
                    </a>
                  ) : (
                    (order.trackingNumber ?? '')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
