import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { hasShipTo } from '#shared/order-address';
import { unescapeText } from '#shared/sanitize';
import { Amounts } from '../../components/Amounts';
import { ADMIN_ORDERS_PAGE, shipOrderBodySchema } from '#shared/schemas/orders';
import { orderLabel } from '#shared/order-number';
import { Button } from '@aws-amplify/ui-react';
import { unitsToSend } from '#shared/to-ship';
import { completeOrder, listOrders, type AdminOrder } from './adminApi';
import { MadeToOrder, OrderLines, RefundMark, ShipForm, StatusBadge, type Shipment } from './OrderBits';
import { PackingSlips } from './PackingSlip';
import { ChooseForLabel, LabelBatchPanel, useLabelBatch } from './LabelBatch';
import { LABEL_WORDS, MAX_LABEL_BATCH, shipCarrierOf } from '#shared/labels';
import { waitsToShip } from '#shared/to-ship';
import { AdminPage, checkedWrite, cursorOf, submissionOf, useAdminWrites, useCursorPages } from './useAdmin';

/** A page of the orders waiting to ship, oldest first (decision 0047). */
export const loader = async ({ request }: LoaderFunctionArgs) => ({
  page: await listOrders({ status: 'pending', order: 'oldest', limit: ADMIN_ORDERS_PAGE, cursor: cursorOf(request) }),
});

/** Complete Order; shipped meanwhile (in another tab): the server's words, and the page as it now stands. */
export async function action({ request }: ActionFunctionArgs) {
  const { intent, orderNumber, shipment } = (await submissionOf(request)) as {
    intent: string;
    orderNumber: string;
    shipment: Shipment;
  };
  return checkedWrite(
    intent,
    shipOrderBodySchema,
    shipment,
    () => completeOrder(orderNumber, shipment),
    AFTERSALE_MESSAGES.shippedOrder(orderLabel(orderNumber)),
    {
      reloadOnConflict: true,
    },
  );
}

/**
 * Orders waiting to ship, oldest first, in pages of 25 (with how many wait in all, counted by the rule the pages and
 * the dashboard use: docs/decisions/0145), each with its carrier and tracking number and Complete Order. A quote's
 * order is marked made to order, with its quote and production; one refunded in part names the units not to pack, and
 * its lines and slip hold the units left to send. A shipped order leaves the page and the next one moves up into it.
 * The packing slips of the page's orders print in one go.
 */
export default function AdminOrdersPage() {
  const { page } = useLoaderData<typeof loader>();
  const { notice } = useAdminWrites();
  const rows = page.orders;
  const { pager } = useCursorPages(page, rows.length, { label: 'pending orders', pageSize: ADMIN_ORDERS_PAGE });
  const waiting = page.total;
  const labels = useLabelBatch();
  const choose = {
    chosen: labels.chosen,
    toggle: labels.toggle,
    full: labels.chosen.length >= MAX_LABEL_BATCH,
  };
  return (
    <AdminPage
      title="Pending orders"
      notice={notice}
      actions={
        waiting ? (
          <>
            <p className="muted">{waiting === 1 ? '1 order waits' : `${waiting} orders wait`} to ship</p>
            {rows.length > 0 && (
              // The slips of the orders on this page, one per sheet (decision 0052).
              <Button size="small" onClick={() => window.print()}>
                {rows.length === 1 ? 'Print the packing slip' : `Print ${rows.length} packing slips`}
              </Button>
            )}
          </>
        ) : null
      }
    >
      {rows.length === 0 && <p className="card">No pending orders.</p>}
      {rows.length > 0 && <LabelBatchPanel state={labels} />}
      {rows.map((order) => (
        <PendingOrder key={order.orderNumber} order={order} choose={choose} />
      ))}
      {rows.length > 0 && pager}
      {rows.length > 0 && <PackingSlips orders={rows} />}
    </AdminPage>
  );
}

function PendingOrder({
  order,
  choose,
}: {
  order: AdminOrder;
  choose: Omit<Parameters<typeof ChooseForLabel>[0], 'orderNumber'>;
}) {
  const a = order.shippingAddress;
  const bought = order.label?.status === 'bought' ? order.label : null;
  // A label can be bought for an order that ships something somewhere and has none (or only a voided one).
  const canChoose = waitsToShip(order) && hasShipTo(a) && (!order.label || order.label.status === 'voided');
  return (
    <article className="card order" aria-label={`Order ${orderLabel(order.orderNumber)}`}>
      <header>
        <Link className="mono" to={`/admin/orders/${order.orderNumber}`}>
          {orderLabel(order.orderNumber)}
        </Link>
        <span>{new Date(order.createdAt).toLocaleString('en-US')}</span>
        <span>
          {order.replacementOf
            ? `Replacement for ${orderLabel(order.replacementOf)}`
            : order.customer === 'guest'
              ? 'Guest'
              : 'Customer account'}
        </span>
        <StatusBadge order={order} />
      </header>
      {order.quote && <MadeToOrder quote={order.quote} />}
      <address>
        {unescapeText(a.name)} · {unescapeText(a.email)}
        <br />
        {hasShipTo(a)
          ? `${unescapeText(a.line1)}, ${unescapeText(a.city)}, ${unescapeText(a.state)} ${a.zip}`
          : GIFT_CARD_WORDS.nothingShips}
      </address>
      <OrderLines lines={unitsToSend(order)} />
      <RefundMark order={order} />
      <Amounts amounts={order.amounts} promoCode={order.promoCode} className="amounts inline" />
      {bought && (
        <p className="label-line">
          {LABEL_WORDS.bought(bought.label, bought.cost)} · {LABEL_WORDS.tracking(bought.trackingCodes)}
        </p>
      )}
      {canChoose && <ChooseForLabel orderNumber={order.orderNumber} {...choose} />}
      {/* One write per order (its intent): only this order's button waits while it goes. A bought label fills it. */}
      <ShipForm
        key={bought?.key ?? 'no-label'}
        initial={
          bought ? { carrier: shipCarrierOf(bought.carrier), trackingNumber: bought.trackingCodes[0] } : undefined
        }
        orderNumber={order.orderNumber}
        intent={`ship-${order.orderNumber}`}
        with={{ orderNumber: order.orderNumber }}
      />
    </article>
  );
}
