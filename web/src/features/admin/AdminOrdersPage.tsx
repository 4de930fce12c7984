import { useEffect, useState } from 'react';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { completeOrder, listOrders, type AdminOrder } from './adminApi';
import './admin.css';

/** Pending orders with their lines, amounts, customer and address; Complete Order archives one. */
export default function AdminOrdersPage() {
  const [orders, setOrders] = useState<AdminOrder[] | null>(null);
  const load = () => listOrders('pending').then(setOrders).catch((error) => console.error('admin read failed', error));
  useEffect(() => {
    void load();
  }, []);

  return (
    <section className="page admin">
      <h1>Pending orders</h1>
      {orders?.length === 0 && <p className="card">No pending orders.</p>}
      {orders?.map((order) => {
        const a = order.shippingAddress;
        return (
          <article key={order.orderNumber} className="card order" aria-label={`Order ${order.orderNumber}`}>
            <header>
              <strong className="mono">{order.orderNumber}</strong>
              <span>{new Date(order.createdAt).toLocaleString('en-US')}</span>
              <span>{order.customer === 'guest' ? 'Guest' : 'Customer account'}</span>
            </header>
            <address>
              {unescapeText(a.name)} · {unescapeText(a.email)}
              <br />
              {unescapeText(a.line1)}, {unescapeText(a.city)}, {unescapeText(a.state)} {a.zip}
            </address>
            <ul>
              {order.lines.map((line) => (
                <li key={`${line.id}|${line.size}`}>
                  {line.quantity} × {unescapeText(line.name)} {line.size !== 'CANDLE' ? `(${line.size})` : ''} — {formatPrice(line.price * line.quantity)}
                </li>
              ))}
            </ul>
            <p>
              Subtotal {formatPrice(order.amounts.subtotal)} · Shipping {formatPrice(order.amounts.shipping)} · Tax {formatPrice(order.amounts.tax)} ·{' '}
              <strong>Total {formatPrice(order.amounts.total)}</strong>
            </p>
            <button type="button" onClick={() => void completeOrder(order.orderNumber).then(load)}>
              Complete Order
            </button>
          </article>
        );
      })}
    </section>
  );
}
