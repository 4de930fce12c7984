import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { shipmentText } from '#shared/aftersale';
import { orderState, waitsToShip } from '#shared/to-ship';
import { AFTERSALE_MESSAGES, CONFIRMATION_MAIL_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { REFUND_REASONS, type RefundReason } from '#shared/refunds';
import { shipOrderBodySchema, trackingChangeBodySchema } from '#shared/schemas/orders';
import { refundBodySchema } from '#shared/schemas/refunds';
import { useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import {
  cancelOrder,
  changeTracking,
  completeOrder,
  getOrder,
  refundOrder,
  sendConfirmationAgain,
  type AdminOrder,
} from './adminApi';
import { LabelCard, labelWrite, type LabelWrite } from './LabelCard';
import { shipCarrierOf } from '#shared/labels';
import { ConfirmationMailCard } from './ConfirmationMail';
import { ShipForm, type Shipment } from './OrderBits';
import { ReplacementRequests, Timeline } from './OrderHistory';
import { OrderSummary } from './OrderSummary';
import { PackingSlips } from './PackingSlip';
import { RefundCard } from './RefundCard';
import { RefundForm, RefundList, type RefundPreset, type RefundRequest } from './RefundForm';
import { AdminPage, adminWrite, checkedWrite, submissionOf, useAdminWrites } from './useAdmin';

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

/** What Change tracking did: a new carrier or number (the customer was mailed), or nothing (the same values). */
const trackingNotice = (before: AdminOrder, after: AdminOrder) =>
  after.version > before.version
    ? AFTERSALE_MESSAGES.trackingChanged(shipmentText(after.carrier, after.trackingNumber))
    : AFTERSALE_MESSAGES.trackingUnchanged;

/**
 * A refund the page was opened for (`?refund=<id|size>:<units>,...&reason=sold_out`): the replacement requests page
 * links here when a replacement cannot be made (its size is gone), so the owner can refund those units instead.
 */
function presetOf(params: URLSearchParams): RefundPreset | undefined {
  const wanted = params.get('refund');
  if (!wanted) return undefined;
  const units: Record<string, number> = {};
  for (const part of wanted.split(',')) {
    const at = part.lastIndexOf(':');
    const count = Number(part.slice(at + 1));
    if (at > 0 && Number.isInteger(count) && count > 0) units[part.slice(0, at)] = count;
  }
  const reason = params.get('reason');
  return {
    units,
    reason: (REFUND_REASONS as readonly string[]).includes(reason ?? '') ? (reason as RefundReason) : 'sold_out',
  };
}

export const loader = async ({ params }: LoaderFunctionArgs) => getOrder(params.orderNumber ?? '');

type OrderWrite =
  | { intent: 'ship'; shipment: Shipment }
  | { intent: 'cancel' | 'refund'; done: string }
  | { intent: 'tracking'; shipment: Shipment; before: AdminOrder }
  | { intent: 'send-confirmation' }
  | LabelWrite
  | { intent: 'refund-part'; refund: RefundRequest };

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
      return checkedWrite(
        write.intent,
        shipOrderBodySchema,
        write.shipment,
        () => completeOrder(orderNumber, write.shipment),
        AFTERSALE_MESSAGES.shipped,
        { reloadOnConflict: true },
      );
    case 'cancel':
      return adminWrite(
        write.intent,
        () => cancelOrder(orderNumber),
        (cancelled) => cancelTexts(cancelled).done,
        { reloadOnConflict: true },
      );
    case 'refund':
      return adminWrite(write.intent, () => cancelOrder(orderNumber), 'Refund finished.');
    case 'refund-part':
      return checkedWrite(
        write.intent,
        refundBodySchema,
        write.refund,
        () => refundOrder(orderNumber, write.refund),
        (detail) =>
          `Refunded ${formatPrice(detail.order.money?.refunds.find((r) => r.refundId === write.refund.refundId)?.total ?? 0)}; the customer is mailed.`,
        { reloadOnFailure: true },
      );
    case 'tracking':
      return checkedWrite(
        write.intent,
        trackingChangeBodySchema,
        { ...write.shipment, version: write.before.version },
        () => changeTracking(orderNumber, { ...write.shipment, version: write.before.version }),
        (after) => trackingNotice(write.before, after),
        { reloadOnConflict: true },
      );
    case 'buy-label':
    case 'void-label':
      return labelWrite(orderNumber, write);
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
  const [changingTracking, setChangingTracking] = useState(false);
  const preset = presetOf(useSearchParams()[0]);
  const bought = order.label?.status === 'bought' ? order.label : null;
  // The corrected tracking was saved: the form closes.
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (result?.intent === 'tracking' && result.ok) setChangingTracking(false);
  }
  return (
    <AdminPage title={`Order ${orderLabel(order.orderNumber)}`} notice={notice}>
      <div className="order-detail">
        <OrderSummary
          order={order}
          canChangeTracking={!changingTracking}
          changeTracking={() => setChangingTracking(true)}
        />
        {data.confirmationMail && (
          <ConfirmationMailCard
            mail={data.confirmationMail}
            send={() => void write('send-confirmation')}
            sending={pending === 'send-confirmation'}
          />
        )}

        <LabelCard
          key={`${order.label?.key ?? 'none'}-${order.label?.status ?? ''}`}
          order={order}
          canBuy={order.status === 'pending' && waitsToShip(order)}
          pending={pending}
          write={(intent, values) => void write(intent, values)}
        />
        {order.status === 'pending' && (
          <section className="card" aria-labelledby="ship-heading">
            <h2 id="ship-heading">Ship or cancel</h2>
            <div className="order-actions">
              {waitsToShip(order) ? (
                <>
                  <Button size="small" className="print-slip" onClick={() => window.print()}>
                    Print packing slip
                  </Button>
                  {/* A bought label fills the carrier and tracking (its first parcel's); the owner ships when it goes. */}
                  <ShipForm
                    key={bought ? bought.key : 'no-label'}
                    orderNumber={order.orderNumber}
                    initial={
                      bought
                        ? { carrier: shipCarrierOf(bought.carrier), trackingNumber: bought.trackingCodes[0] }
                        : undefined
                    }
                  />
                </>
              ) : (
                // Nothing to send (docs/decisions/0145): no slip and no Complete Order; the server refuses it too.
                <p className="muted">
                  {orderState(order) === 'refunded'
                    ? AFTERSALE_MESSAGES.refundedNothingToShip
                    : AFTERSALE_MESSAGES.shipsNothing}
                </p>
              )}
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
              label={`Change the tracking of ${orderLabel(order.orderNumber)}`}
              initial={{ carrier: order.carrier ?? undefined, trackingNumber: order.trackingNumber ?? undefined }}
              submitLabel="Save and mail the customer"
              intent="tracking"
              with={{ before: order }}
            />
            <Button size="small" variation="link" onClick={() => setChangingTracking(false)}>
              Back
            </Button>
          </section>
        )}
        <RefundCard order={order} busy={pending === 'refund'} send={() => void write('refund')} />
        {order.money?.refundable && <RefundForm order={order} preset={preset} />}
        <RefundList order={order} />
        <ReplacementRequests replacements={data.replacements} />
        <Timeline timeline={data.timeline} />
        {/* A pending order's slip only while something is left to send. */}
        {(order.status !== 'pending' || waitsToShip(order)) && <PackingSlips orders={[order]} />}
      </div>
    </AdminPage>
  );
}
