import { Link } from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '../../../../shared/messages';
import { unescapeText } from '../../../../shared/sanitize';
import { Amounts } from '../../components/Amounts';
import { ADMIN_ORDERS_PAGE } from '../../../../shared/schemas/orders';
import { Button } from '@aws-amplify/ui-react';
import { completeOrder, listOrders, type AdminOrder, type AdminOrderPage } from './adminApi';
import { usePagedAdminList } from './AdminTable';
import { OrderLines, ShipForm, StatusBadge, type Shipment } from './OrderBits';
import { PackingSlips } from './PackingSlip';
import { AdminPage } from './useAdmin';

/** A page of the orders waiting to ship, oldest first (decision 0047). */
const oldestPendingFirst = (cursor?: string) => listOrders({ status: 'pending', order: 'oldest', limit: ADMIN_ORDERS_PAGE, cursor });
const ordersOf = (page: AdminOrderPage) => page.orders;

/**
 * Orders waiting to ship, oldest first, in pages of 25 (with how many wait in all), each with its carrier and
 * tracking number and Complete Order. A shipped order leaves the page and the next one moves up into it. The
 * packing slips of the page's orders print in one go.
 */
export default function AdminOrdersPage() {
  const { data, rows, error, notice, act, pager } = usePagedAdminList(oldestPendingFirst, ordersOf, { label: 'pending orders', pageSize: ADMIN_ORDERS_PAGE });
  const waiting = data?.total;
  return (
    <AdminPage
      title="Pending orders"
      notice={notice}
      error={error}
      loading={rows === null}
      actions={
        waiting ? (
          <>
            <p className="muted">{waiting === 1 ? '1 order waits' : `${waiting} orders wait`} to ship</p>
            {rows && rows.length > 0 && (
              // The slips of the orders on this page, one per sheet (decision 0052).
              <Button size="small" onClick={() => window.print()}>
                {rows.length === 1 ? 'Print the packing slip' : `Print ${rows.length} packing slips`}
              </Button>
            )}
          </>
        ) : null
      }
    >
      {rows?.length === 0 && <p className="card">No pending orders.</p>}
      {rows?.map((order) => (
        <PendingOrder
          key={order.orderNumber}
          order={order}
          onShip={(shipment) => act(AFTERSALE_MESSAGES.shippedOrder(order.orderNumber), () => completeOrder(order.orderNumber, shipment), { reloadOnConflict: true })}
        />
      ))}
      {rows && rows.length > 0 && pager}
      {rows && rows.length > 0 && <PackingSlips orders={rows} />}
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
