import { Button, Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { unescapeText } from '../../../../shared/sanitize';
import { Amounts } from '../../components/Amounts';
import { cancelOrder, completeOrder, getOrder } from './adminApi';
import { OrderLines, RequestBadge, ShipForm, StatusBadge, when } from './OrderBits';
import { PackingSlips } from './PackingSlip';
import { AdminPage, HeadRow, useAdminData } from './useAdmin';

export const CANCEL_CONFIRM = 'Cancel this order? The payment is refunded in full, the stock goes back and the customer is mailed. This cannot be undone.';

/** One order: lines, amounts, customer, address, payment, replacement requests and a timeline; ship or cancel. */
export default function AdminOrderPage() {
  const { orderNumber = '' } = useParams();
  const { data, error, notice, act } = useAdminData(useCallback(() => getOrder(orderNumber), [orderNumber]));
  const order = data?.order;
  const a = order?.shippingAddress;
  const refundUnfinished = order?.status === 'cancelled' && order.payment.refund && order.payment.refund.status !== 'refunded';
  return (
    <AdminPage title={`Order ${orderNumber}`} notice={notice} error={error} loading={!data}>
      {data && order && a && (
        <div className="order-detail">
          <section className="card" aria-labelledby="summary-heading">
            <h2 id="summary-heading">
              Summary <StatusBadge status={order.status} />
            </h2>
            <dl className="facts">
              <dt>Placed</dt>
              <dd>{when(order.createdAt)}</dd>
              <dt>Customer</dt>
              <dd>
                {unescapeText(a.name)} · <a href={`mailto:${a.email}`}>{a.email}</a> ({order.customer === 'guest' ? 'guest' : 'account'})
              </dd>
              <dt>Ship to</dt>
              <dd>
                {unescapeText(a.line1)}, {unescapeText(a.city)}, {unescapeText(a.state)} {a.zip}
              </dd>
              <dt>Payment</dt>
              <dd>{order.payment.state}</dd>
              {order.replacementOf && (
                <>
                  <dt>Replaces</dt>
                  <dd>
                    <Link to={`/admin/orders/${order.replacementOf}`}>{order.replacementOf}</Link>
                  </dd>
                </>
              )}
              {order.status === 'completed' && (
                <>
                  <dt>Shipped</dt>
                  <dd>
                    {when(order.shippedAt)}
                    {order.carrier && ` with ${order.carrier}`}
                    {order.trackingNumber &&
                      (order.trackingUrl ? (
                        <>
                          {' '}
                          · <a href={order.trackingUrl}>{order.trackingNumber}</a>
                        </>
                      ) : (
                        ` · ${order.trackingNumber}`
                      ))}
                  </dd>
                </>
              )}
            </dl>
            <OrderLines lines={order.lines} />
            <Amounts amounts={order.amounts} promoCode={order.promoCode} />
          </section>

          {order.status === 'pending' && (
            <section className="card" aria-labelledby="ship-heading">
              <h2 id="ship-heading">Ship or cancel</h2>
              <Button size="small" className="print-slip" onClick={() => window.print()}>
                Print packing slip
              </Button>
              <ShipForm orderNumber={order.orderNumber} onShip={(shipment) => act('Shipped; the customer was mailed.', () => completeOrder(order.orderNumber, shipment))} />
              <Button
                variation="destructive"
                size="small"
                onClick={() => window.confirm(CANCEL_CONFIRM) && void act('Cancelled and refunded; the stock is back and the customer was mailed.', () => cancelOrder(order.orderNumber))}
              >
                Cancel order
              </Button>
            </section>
          )}
          {refundUnfinished && order.payment.refund?.status === 'failed' && (
            <section className="card" aria-labelledby="refund-heading">
              <h2 id="refund-heading">Refund refused</h2>
              <p>
                The order is cancelled and its stock is back, but the payment provider refused the refund{order.payment.refund.id ? ` (${order.payment.refund.id})` : ''}. The shop does not try again by itself:
                refund it in the provider&apos;s dashboard, or try again here. The customer is mailed once the refund goes through.
              </p>
              <Button size="small" onClick={() => void act('Refund finished.', () => cancelOrder(order.orderNumber))}>
                Try the refund again
              </Button>
            </section>
          )}
          {refundUnfinished && order.payment.refund?.status !== 'failed' && (
            <section className="card" aria-labelledby="refund-heading">
              <h2 id="refund-heading">Refund not finished</h2>
              <p>
                The order is cancelled and its stock is back, but the payment provider has not confirmed the refund yet. The shop finishes it by itself within a few minutes (and mails the customer); you can
                also finish it now.
              </p>
              <Button size="small" onClick={() => void act('Refund finished.', () => cancelOrder(order.orderNumber))}>
                Finish the refund
              </Button>
            </section>
          )}

          {data.replacements.length > 0 && (
            <section className="card" aria-labelledby="replacements-heading">
              <h2 id="replacements-heading">Replacement requests</h2>
              <div className="table-wrap">
                <Table size="small">
                  <HeadRow cells={['Request', 'Items', 'Reason', 'State']} />
                  <TableBody>
                    {data.replacements.map((request) => (
                      <TableRow key={request.id}>
                        <TableCell>
                          {request.status === 'approved' ? (
                            <Link to={`/admin/orders/${request.id}`}>{request.id}</Link>
                          ) : request.status === 'open' ? (
                            <Link to="/admin/replacements">{request.id}</Link>
                          ) : (
                            request.id
                          )}
                        </TableCell>
                        <TableCell>
                          <OrderLines lines={request.lines} />
                        </TableCell>
                        <TableCell>{unescapeText(request.reason)}</TableCell>
                        <TableCell>
                          <RequestBadge status={request.status} />
                          {request.message && <p className="muted">{unescapeText(request.message)}</p>}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </section>
          )}

          <section className="card" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">Timeline</h2>
            <ol className="timeline">
              {data.timeline.map((entry, index) => (
                <li key={index}>
                  <time dateTime={entry.at}>{when(entry.at)}</time> {entry.text}
                </li>
              ))}
            </ol>
          </section>
          <PackingSlips orders={[order]} />
        </div>
      )}
    </AdminPage>
  );
}
