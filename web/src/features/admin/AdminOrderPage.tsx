import { Button, Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useCallback, useState } from 'react';
import { shipmentText } from '../../../../shared/aftersale';
import { AFTERSALE_MESSAGES, CONFIRMATION_MAIL_MESSAGES } from '../../../../shared/messages';
import { Link, useParams } from 'react-router-dom';
import { unescapeText } from '../../../../shared/sanitize';
import { Amounts } from '../../components/Amounts';
import { cancelOrder, changeTracking, completeOrder, getOrder, sendConfirmationAgain, type AdminOrder } from './adminApi';
import { ConfirmationMailCard } from './ConfirmationMail';
import { OrderLines, RequestBadge, ShipForm, StatusBadge, when } from './OrderBits';
import { PackingSlips } from './PackingSlip';
import { AdminPage, HeadRow, problemText, useAdminData } from './useAdmin';

/** The confirmation and the notice of Cancel order: a paid order is refunded; a $0 one (a replacement) has nothing to refund. */
const cancelTexts = (order: AdminOrder) =>
  order.amounts.total > 0
    ? { confirm: AFTERSALE_MESSAGES.cancelConfirm, done: AFTERSALE_MESSAGES.cancelledRefunded }
    : order.replacementOf
      ? { confirm: AFTERSALE_MESSAGES.cancelReplacementConfirm, done: AFTERSALE_MESSAGES.cancelledReplacement }
      : { confirm: AFTERSALE_MESSAGES.cancelUnpaidConfirm, done: AFTERSALE_MESSAGES.cancelledUnpaid };

const REQUEST_COLUMNS = ['Request', 'Items', 'Reason', 'State'] as const;

/** What Change tracking did: a new carrier or number (the customer was mailed), or nothing (the same values). */
const trackingNotice = (before: AdminOrder, after: AdminOrder) =>
  after.version > before.version ? AFTERSALE_MESSAGES.trackingChanged(shipmentText(after.carrier, after.trackingNumber)) : AFTERSALE_MESSAGES.trackingUnchanged;

/** One order: lines, amounts, customer, address, payment, its confirmation mail, replacement requests and a timeline; ship or cancel. */
export default function AdminOrderPage() {
  const { orderNumber = '' } = useParams();
  const { data, error, notice, setNotice, reload, act } = useAdminData(useCallback(() => getOrder(orderNumber), [orderNumber]));
  /** Send again of the confirmation mail: the server's words either way (sent, sent before, in flight, refused), then the page as it now stands. */
  const sendConfirmation = async () => {
    try {
      const answer = await sendConfirmationAgain(orderNumber);
      setNotice({ variation: 'success', text: CONFIRMATION_MAIL_MESSAGES.sentNow(answer.confirmationMail.to) });
    } catch (failure) {
      setNotice({ variation: 'error', text: problemText(failure) });
    }
    await reload();
  };
  const order = data?.order;
  const a = order?.shippingAddress;
  const refundUnfinished = order?.status === 'cancelled' && order.payment.refund && order.payment.refund.status !== 'refunded';
  const [changingTracking, setChangingTracking] = useState(false);
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
                      ))}{' '}
                    {!changingTracking && (
                      <Button size="small" variation="link" className="inline-action" onClick={() => setChangingTracking(true)}>
                        Change tracking
                      </Button>
                    )}
                  </dd>
                </>
              )}
            </dl>
            <OrderLines lines={order.lines} />
            <Amounts amounts={order.amounts} promoCode={order.promoCode} />
          </section>
          {data.confirmationMail && <ConfirmationMailCard mail={data.confirmationMail} send={sendConfirmation} />}

          {order.status === 'pending' && (
            <section className="card" aria-labelledby="ship-heading">
              <h2 id="ship-heading">Ship or cancel</h2>
              <div className="order-actions">
                <Button size="small" className="print-slip" onClick={() => window.print()}>
                  Print packing slip
                </Button>
                <ShipForm orderNumber={order.orderNumber} onShip={(shipment) => act(AFTERSALE_MESSAGES.shipped, () => completeOrder(order.orderNumber, shipment), { reloadOnConflict: true })} />
                {/* Apart from Complete Order, under a rule: the red button is not pressed by a thumb aiming next to it. */}
                <div className="cancel-order">
                  <Button
                    variation="destructive"
                    size="small"
                    onClick={() => window.confirm(cancelTexts(order).confirm) && void act(cancelTexts(order).done, () => cancelOrder(order.orderNumber), { reloadOnConflict: true })}
                  >
                    Cancel order
                  </Button>
                </div>
              </div>
            </section>
          )}
          {order.status === 'completed' && changingTracking && (
            <section className="card" aria-labelledby="tracking-heading">
              <h2 id="tracking-heading">Change tracking</h2>
              <p className="muted">The customer gets one mail with the corrected tracking (and its link) for each change.</p>
              <ShipForm
                orderNumber={order.orderNumber}
                label={`Change the tracking of ${order.orderNumber}`}
                initial={{ carrier: order.carrier ?? undefined, trackingNumber: order.trackingNumber ?? undefined }}
                submitLabel="Save and mail the customer"
                onShip={async (shipment) => {
                  const done = await act(
                    (result) => trackingNotice(order, result as AdminOrder),
                    () => changeTracking(order.orderNumber, { ...shipment, version: order.version }),
                    { reloadOnConflict: true },
                  );
                  if (done) setChangingTracking(false);
                  return done;
                }}
              />
              <Button size="small" variation="link" onClick={() => setChangingTracking(false)}>
                Back
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
              <div className="table-wrap cards-on-phone">
                <Table size="small">
                  <HeadRow cells={REQUEST_COLUMNS} />
                  <TableBody>
                    {data.replacements.map((request) => (
                      <TableRow key={request.id}>
                        <TableCell data-label={REQUEST_COLUMNS[0]}>
                          {request.status === 'approved' || request.status === 'cancelled' ? (
                            <Link to={`/admin/orders/${request.id}`}>{request.id}</Link>
                          ) : request.status === 'open' ? (
                            <Link to="/admin/replacements">{request.id}</Link>
                          ) : (
                            request.id
                          )}
                        </TableCell>
                        <TableCell data-label={REQUEST_COLUMNS[1]}>
                          <OrderLines lines={request.lines} />
                        </TableCell>
                        <TableCell data-label={REQUEST_COLUMNS[2]}>{unescapeText(request.reason)}</TableCell>
                        <TableCell data-label={REQUEST_COLUMNS[3]}>
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
