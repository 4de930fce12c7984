import { Link } from 'react-router-dom';
import { unescapeText } from '../../../../shared/sanitize';
import { Amounts } from '../../components/Amounts';
import { completeOrder, listOrders, type AdminOrder } from './adminApi';
import { OrderLines, ShipForm, StatusBadge, type Shipment } from './OrderBits';
import { AdminPage, useAdminData } from './useAdmin';

const oldestPendingFirst = () => listOrders({ status: 'pending', limit: 100 }).then((r) => [...r.orders].reverse());

/** Orders waiting to ship, oldest first, each with its carrier and tracking number and Complete Order. */
export default function AdminOrdersPage() {
  const { data, error, notice, act } = useAdminData(oldestPendingFirst);
  return (
    <AdminPage title="Pending orders" notice={notice} error={error} loading={data === null}>
      {data?.length === 0 && <p className="card">No pending orders.</p>}
      {data?.map((order) => (
        <PendingOrder key={order.orderNumber} order={order} onShip={(shipment) => act(`Shipped ${order.orderNumber}; the customer was mailed.`, () => completeOrder(order.orderNumber, shipment))} />
      ))}
    </AdminPage>
  );
}

function PendingOrder({ order, onShip }: { order: AdminOrder; onShip: (shipment: Shipment) => Promise<boolean> }) {
  const a = order.shippingAddress;
  return (
    <article className="card order" aria-label={`Order ${order.orderNumber}`}>
      <header>
        <Link className="mono" to={`/admin/orders/${order.orderNumber}`}>
          {order.orderNumber}
        </Link>
        <span>{new Date(order.createdAt).toLocaleString('en-US')}</span>
        <span>{order.replacementOf ? `Replacement for ${order.replacementOf}` : order.customer === 'guest' ? 'Guest' : 'Customer account'}</span>
        <StatusBadge status={order.status} />
      </header>
      <address>
        {unescapeText(a.name)} · {unescapeText(a.email)}
        <br />
        {unescapeText(a.line1)}, {unescapeText(a.city)}, {unescapeText(a.state)} {a.zip}
      </address>
      <OrderLines lines={order.lines} />
      <Amounts amounts={order.amounts} promoCode={order.promoCode} className="amounts inline" />
      <ShipForm orderNumber={order.orderNumber} onShip={onShip} />
    </article>
  );
}
