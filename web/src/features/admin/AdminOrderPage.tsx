import { Button, Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { shipmentText } from '#shared/aftersale';
import { AFTERSALE_MESSAGES, CONFIRMATION_MAIL_MESSAGES } from '#shared/messages';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { unescapeText } from '#shared/sanitize';
import { Amounts } from '../../components/Amounts';
import {
  cancelOrder,
  changeTracking,
  completeOrder,
  getOrder,
  sendConfirmationAgain,
  type AdminOrder,
} from './adminApi';
import { ConfirmationMailCard } from './ConfirmationMail';
import { OrderLines, RequestBadge, ShipForm, StatusBadge, when, type Shipment } from './OrderBits';
import { PackingSlips } from './PackingSlip';
import { AdminPage, adminWrite, HeadRow, submissionOf, useAdminWrites } from './useAdmin';

/**
 * The confirmation and the notice of Cancel order: a paid order is refunded; a $0 one (a replacement) has nothing to
 * refund.
 */
const cancelTexts = (order: AdminOrder) =>
  order.amounts.total > 0
    ? { confirm: AFTERSALE_MESSAGES.cancelConfirm, done: AFTERSALE_MESSAGES.cancelledRefunded }
    : order.replacementOf
      ? { confirm: AFTERSALE_MESSAGES.cancelReplacementConfirm, done: AFTERSALE_MESSAGES.cancelledReplacement }
      : { confirm: AFTERSALE_MESSAGES.cancelUnpaidConfirm, done: AFTERSALE_MESSAGES.cancelledUnpaid };

const REQUEST_COLUMNS = ['Request', 'Items', 'Reason', 'State'] as const;

/** What Change tracking did: a new carrier or number (the customer was mailed), or nothing (the same values). */
const trackingNotice = (before: AdminOrder, after: AdminOrder) =>
  after.version > before.version
    ? AFTERSALE_MESSAGES.trackingChanged(shipmentText(after.carrier, after.trackingNumber))
    : AFTERSALE_MESSAGES.trackingUnchanged;

export const loader = async ({ params }: LoaderFunctionArgs) => getOrder(params.orderNumber ?? '');

type OrderWrite =
  | { intent: 'ship'; shipment: Shipment }
  | { intent: 'cancel' | 'refund'; done: string }
  | { intent: 'tracking'; shipment: Shipment; before: AdminOrder }
  | { intent: 'send-confirmation' };

/**
 * The order's writes. Ship and cancel may meet an order changed in another tab (409): the page is read again. Send
 * again of the confirmation mail: the server's words either way (sent, sent before, in flight, refused), then the
 * page as it now stands.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const orderNumber = params.orderNumber ?? '';
  const write = (await submissionOf(request)) as OrderWrite;
  switch (write.intent) {
    case 'ship':
      return adminWrite(write.intent, () => completeOrder(orderNumber, write.shipment), AFTERSALE_MESSAGES.shipped, {
        reloadOnConflict: true,
      });
    case 'cancel':
      return adminWrite(
        write.intent,
        () => cancelOrder(orderNumber),
        (cancelled) => cancelTexts(cancelled).done,
        { reloadOnConflict: true },
      );
    case 'refund':
      return adminWrite(write.intent, () => cancelOrder(orderNumber), 'Refund finished.');
    case 'tracking':
      return adminWrite(
        write.intent,
        () => changeTracking(orderNumber, { ...write.shipment, version: write.before.version }),
        (after) => trackingNotice(write.before, after),
        { reloadOnConflict: true },
      );
    case 'send-confirmation':
      return adminWrite(
        write.intent,
        () => sendConfirmationAgain(orderNumber),
        (answer) => CONFIRMATION_MAIL_MESSAGES.sentNow(answer.confirmationMail.to),
        { reloadOnFailure: true },
      );
  }
}

/**
 * One order: lines, amounts, customer, address, payment, its confirmation mail, replacement requests and a timeline;
 * ship or cancel.
 */
export default function AdminOrderPage() {
  const data = useLoaderData<typeof loader>();
  const { write, notice, pending, result } = useAdminWrites();
  const { order } = data;
  const a = order.shippingAddress;
  const refundUnfinished =
    order.status === 'cancelled' && order.payment.refund && order.payment.refund.status !== 'refunded';
  const [changingTracking, setChangingTracking] = useState(false);
  // The corrected tracking was saved: the form closes.
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (result?.intent === 'tracking' && result.ok) setChangingTracking(false);
  }
  return (
    <AdminPage title={`Order ${order.orderNumber}`} notice={notice}>
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
              {unescapeText(a.name)} · <a href={`mailto:${a.email}`}>{a.email}</a> (
              {order.customer === 'guest' ? 'guest' : 'account'})
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
                    <Button
                      size="small"
                      variation="link"
                      className="inline-action"
                      onClick={() => setChangingTracking(true)}
                    >
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
        {data.confirmationMail && (
          <ConfirmationMailCard
            mail={data.confirmationMail}
            send={() => void write('send-confirmation')}
            sending={pending === 'send-confirmation'}
          />
        )}

        {order.status === 'pending' && (
          <section className="card" aria-labelledby="ship-heading">
            <h2 id="ship-heading">Ship or cancel</h2>
            <div className="order-actions">
              <Button size="small" className="print-slip" onClick={() => window.print()}>
                Print packing slip
              </Button>
              <ShipForm
                orderNumber={order.orderNumber}
                busy={pending === 'ship'}
                onShip={(shipment) => void write('ship', { shipment })}
              />
              {/* Apart from Complete Order, under a rule: the red button is not pressed by a thumb aiming next to
                  it. */}
              <div className="cancel-order">
                <Button
                  variation="destructive"
                  size="small"
                  isDisabled={pending === 'cancel'}
                  onClick={() => window.confirm(cancelTexts(order).confirm) && void write('cancel')}
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
            <p className="muted">
              The customer gets one mail with the corrected tracking (and its link) for each change.
            </p>
            <ShipForm
              orderNumber={order.orderNumber}
              label={`Change the tracking of ${order.orderNumber}`}
              initial={{ carrier: order.carrier ?? undefined, trackingNumber: order.trackingNumber ?? undefined }}
              submitLabel="Save and mail the customer"
              busy={pending === 'tracking'}
              onShip={(shipment) => void write('tracking', { shipment, before: order })}
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
              The order is cancelled and its stock is back, but the payment provider refused the refund
              {order.payment.refund.id ? ` (${order.payment.refund.id})` : ''}. The shop does not try again by itself:
              refund it in the provider&apos;s dashboard, or try again here. The customer is mailed once the refund goes
              through.
            </p>
            <Button size="small" isDisabled={pending === 'refund'} onClick={() => void write('refund')}>
              Try the refund again
            </Button>
          </section>
        )}
        {refundUnfinished && order.payment.refund?.status !== 'failed' && (
          <section className="card" aria-labelledby="refund-heading">
            <h2 id="refund-heading">Refund not finished</h2>
            <p>
              The order is cancelled and its stock is back, but the payment provider has not confirmed the refund yet.
              The shop finishes it by itself within a few minutes (and mails the customer); you can also finish it now.
            </p>
            <Button size="small" isDisabled={pending === 'refund'} onClick={() => void write('refund')}>
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
    </AdminPage>
  );
}
