import { useState, type FormEvent } from 'react';
import { useActionData, useNavigation } from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
import { lineKey, REPLACEMENT_DAYS, REPLACEMENT_STATUS_LABEL } from '#shared/aftersale';
import { ORDER_STATE_LABEL, orderState } from '#shared/to-ship';
import { cartLineKey, giftCardLineText, GIFT_CARD_WORDS, orderShips, typedGiftCard } from '#shared/gift-card-lines';
import { AFTERSALE_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { REFUND_REASON_LABEL } from '#shared/refunds';
import { hasShipTo } from '#shared/order-address';
import type { OrderPage, ParcelTrackingView, RefundView, ReplacementView } from '#shared/schemas/order-views';
import { TRACKING_WORDS } from '#shared/tracking';
import { unescapeText } from '#shared/sanitize';
import { orderLabel } from '#shared/order-number';
import { Amounts } from '../../components/Amounts';
import { LinePhoto } from '../../components/LinePhoto';
import type { OrderAnswer, ReplacementAsked } from './orderData';
import './orders.css';
import { FormError } from '../../components/FormError';

/**
 * What a cancelled order says of its money: refunded, a refund the shop is still finishing, or nothing paid (a $0
 * replacement).
 */
const CANCELLED_REFUND = {
  refunded: '; the payment was refunded to your card.',
  'under-way': '; the refund of your payment is under way and reaches your card within a few days.',
  none: '.',
} as const;

/**
 * The shop's refunds in part (an owner's gesture, docs/decisions/0116): each with its amount, date, what and why; under
 * way until the card's provider confirmed it.
 */
function Refunds({ refunds }: { refunds: RefundView[] }) {
  if (!refunds.length) return null;
  return (
    <div className="order-refunds" aria-label="Refunds">
      <h3>Refunds</h3>
      <ul>
        {refunds.map((refund) => (
          <li key={refund.refundId}>
            <strong>{formatPrice(refund.total)}</strong>{' '}
            {refund.status === 'refunded' ? `${refundedWhere(refund)} on ${date(refund.at)}` : 'refund under way'}
            {': '}
            {[
              ...refund.lines.map(
                (line) =>
                  `${line.quantity} x ${unescapeText(line.name)}${line.size !== 'CANDLE' ? ` (${line.size})` : ''}`,
              ),
              ...(refund.shipping ? ['shipping'] : []),
            ].join(', ') || 'a refund'}{' '}
            ({REFUND_REASON_LABEL[refund.reason].split(':')[0].toLowerCase()})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where a refund went (docs/decisions/0126): to the card, back to the gift card that paid part, or store credit. */
function refundedWhere(refund: RefundView): string {
  if (refund.storeCredit) return 'given as store credit';
  if (refund.toGiftCard && refund.toCard)
    return `refunded (${formatPrice(refund.toCard)} to your card, the rest to your gift card)`;
  if (refund.toGiftCard) return 'refunded to your gift card';
  return 'refunded to your card';
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * Where the parcel is, as the carrier's tracking said (issue 53 item 4): the step and its time, the estimated delivery
 * when the carrier gave one, and the steps so far.
 */
function ParcelTracking({ tracking }: { tracking: ParcelTrackingView }) {
  return (
    <div className="parcel-tracking" aria-label="Parcel tracking">
      <p>
        <span className={`status tracking-${tracking.status}`}>{TRACKING_WORDS.status[tracking.status]}</span>{' '}
        {tracking.status !== 'registered' && <time dateTime={tracking.at}>{dateTime(tracking.at)}</time>}
      </p>
      {tracking.estimatedDelivery && (
        <p>
          {TRACKING_WORDS.estimated}:{' '}
          <strong>
            {/* A calendar day: read in UTC, so no time zone moves it a day. */}
            {new Date(tracking.estimatedDelivery).toLocaleDateString('en-US', {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
              timeZone: 'UTC',
            })}
          </strong>
        </p>
      )}
      {tracking.steps.length > 1 && (
        <ol className="tracking-steps">
          {tracking.steps.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              {TRACKING_WORDS.status[step.status]} · <time dateTime={step.at}>{dateTime(step.at)}</time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * An order as its customer sees it (account or /order-status): status, tracking, lines, amounts, replacements. A
 * replacement request goes to the page's route action, which has the order read again.
 */
export function OrderDetails({ page }: { page: OrderPage }) {
  const { order } = page;
  const a = order.shippingAddress;
  // Processing, shipped, cancelled, or refunded: every unit refunded before it shipped (docs/decisions/0145).
  const state = orderState(order);
  // The thanks is the action's answer, shown here, not in the form: a request for every unit left removes the form.
  const answer = useActionData<OrderAnswer>();
  const sent = answer?.intent === 'replace' ? (answer.sent ?? '') : '';
  return (
    <div className="order-view">
      <section className="card" aria-labelledby="order-heading">
        <h2 id="order-heading">
          Order <span className="mono">{orderLabel(order.orderNumber)}</span>
        </h2>
        <p className="order-state">
          <span className={`status ${state}`}>{ORDER_STATE_LABEL[state]}</span>{' '}
          {state === 'refunded' && AFTERSALE_MESSAGES.refundedNothingShips}
          {state === 'pending' &&
            (order.quote
              ? AFTERSALE_MESSAGES.madeToOrder(
                  order.quote.productionStartedAt && date(order.quote.productionStartedAt),
                  order.quote.ships,
                )
              : orderShips(order)
                ? 'We are packing it; it ships within 2-3 days.'
                : GIFT_CARD_WORDS.emailedNotShipped)}
          {order.status === 'completed' &&
            order.shippedAt &&
            `Shipped on ${date(order.shippedAt)}${order.carrier && order.carrier !== 'other' ? ` with ${order.carrier}` : ''}.`}
          {order.status === 'cancelled' &&
            order.cancelledAt &&
            `Cancelled on ${date(order.cancelledAt)}${CANCELLED_REFUND[order.refund ?? 'none']}`}
        </p>
        {order.trackingNumber && (
          <p>
            Tracking number <strong className="mono">{order.trackingNumber}</strong>
            {order.trackingUrl && (
              <>
                {' · '}
                <a href={order.trackingUrl} target="_blank" rel="noreferrer">
                  Track your parcel
                </a>
              </>
            )}
          </p>
        )}
        {order.status === 'completed' && order.tracking && <ParcelTracking tracking={order.tracking} />}
        {order.replacementOf && (
          <p className="muted">A free replacement for order {orderLabel(order.replacementOf)}.</p>
        )}
        <p className="muted">Placed on {date(order.createdAt)}</p>
        <ul className="order-items">
          {order.lines.map((line) => (
            <li key={cartLineKey(line)}>
              <LinePhoto src={line.image} size={56} />
              <span className="line-name">
                {line.giftCard ? (
                  giftCardLineText(typedGiftCard(line.giftCard))
                ) : (
                  <>
                    {unescapeText(line.name)}
                    {line.size !== 'CANDLE' ? ` (${line.size})` : ''} × {line.quantity}
                  </>
                )}
              </span>
              <span>{formatPrice(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <Amounts amounts={order.amounts} promoCode={order.promoCode} />
        <Refunds refunds={order.refunds ?? []} />
        {hasShipTo(a) ? (
          <address>
            Shipping to {unescapeText(a.name)}, {unescapeText(a.line1)}, {unescapeText(a.city)}, {unescapeText(a.state)}{' '}
            {a.zip}
          </address>
        ) : (
          <p>{GIFT_CARD_WORDS.nothingShips}</p>
        )}
      </section>

      {page.replacements.length > 0 && (
        <section className="card" aria-labelledby="requests-heading">
          <h2 id="requests-heading">Replacement requests</h2>
          <ul className="requests">
            {page.replacements.map((request) => (
              <li key={request.id}>
                <strong>{REPLACEMENT_STATUS_LABEL[request.status]}</strong> · {date(request.createdAt)}:{' '}
                {request.lines
                  .map(
                    (line) =>
                      `${line.quantity} × ${unescapeText(line.name)}${line.size !== 'CANDLE' ? ` (${line.size})` : ''}`,
                  )
                  .join(', ')}
                {request.message && <p className="muted">Our answer: {unescapeText(request.message)}</p>}
                <ReplacementProgress request={request} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {page.replaceableUntil && (Object.keys(page.replaceable).length > 0 || sent) && (
        <ReplacementForm page={page} sent={sent} answer={answer?.intent === 'replace' ? answer : undefined} />
      )}
      {order.status === 'completed' &&
        page.replaceableUntil &&
        Object.keys(page.replaceable).length === 0 &&
        new Date(page.replaceableUntil) < new Date() && (
          <p className="muted">
            The {REPLACEMENT_DAYS}-day replacement period of this order ended on {date(page.replaceableUntil)}.
          </p>
        )}
    </div>
  );
}

/**
 * Where the replacement order of a request stands: on its way (with its tracking link), waiting to ship, or cancelled.
 */
function ReplacementProgress({ request }: { request: ReplacementView }) {
  const shipment = request.shipment;
  if (request.status === 'cancelled')
    return <p className="muted">{AFTERSALE_MESSAGES.replacementCancelled(orderLabel(request.id))}</p>;
  if (request.status !== 'approved') return null;
  if (shipment?.status !== 'completed')
    return <p className="muted">{AFTERSALE_MESSAGES.replacementWaiting(orderLabel(request.id))}</p>;
  return (
    <p className="muted">
      {AFTERSALE_MESSAGES.replacementShipped(
        orderLabel(request.id),
        shipment.shippedAt && date(shipment.shippedAt),
        shipment.carrier && shipment.carrier !== 'other' ? shipment.carrier : null,
      )}
      {shipment.trackingUrl ? (
        <>
          {' · '}
          <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
            Track the replacement
          </a>
        </>
      ) : shipment.trackingNumber ? (
        ` · tracking ${shipment.trackingNumber}`
      ) : (
        ' (no tracking number)'
      )}
      .
    </p>
  );
}

/**
 * Ask for a replacement of chosen units (the shop's promise: within 30 days of shipping, no refunds). After a
 * request for every unit left, only the thanks stays (`sent`, the action's answer shown by the order view).
 */
function ReplacementForm({ page, sent, answer }: { page: OrderPage; sent: string; answer: OrderAnswer | undefined }) {
  const { order } = page;
  const submitAction = useWrite();
  const navigation = useNavigation();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  // Sent: the form empties; refused: the server's words.
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    setProblem(answer?.problem ?? '');
    if (answer?.sent) {
      setQuantities({});
      setReason('');
    }
  }
  const busy =
    navigation.state !== 'idle' && (navigation.json as { intent?: string } | undefined)?.intent === 'replace';
  const left = Object.keys(page.replaceable).length > 0;
  const chosen = Object.entries(quantities).filter(([, quantity]) => quantity > 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return setProblem('Choose how many of which item should be replaced.');
    if (!reason.trim()) return setProblem('Please tell us what went wrong.');
    setProblem('');
    const request: ReplacementAsked = {
      orderNumber: order.orderNumber,
      email: order.shippingAddress.email,
      lines: chosen.map(([key, quantity]) => ({
        id: key.slice(0, key.lastIndexOf('|')),
        size: key.slice(key.lastIndexOf('|') + 1),
        quantity,
      })),
      reason: reason.trim(),
    };
    void submitAction({ intent: 'replace', request }, { method: 'post', encType: 'application/json' });
  }

  return (
    <section className="card" aria-labelledby="replace-heading">
      <h2 id="replace-heading">
        {left ? 'Something wrong? Ask for a replacement' : AFTERSALE_MESSAGES.replacementAskedFor}
      </h2>
      {left && (
        <p className="muted">
          We replace damaged or wrong items within {REPLACEMENT_DAYS} days of shipping (until{' '}
          {date(page.replaceableUntil!)}); we do not give refunds.
        </p>
      )}
      {left && (
        <form className="stack" onSubmit={submit}>
          {order.lines
            .filter((line) => page.replaceable[lineKey(line)])
            .map((line) => (
              <label key={lineKey(line)}>
                {unescapeText(line.name)}
                {line.size !== 'CANDLE' ? ` (${line.size})` : ''}: how many to replace
                <select
                  value={quantities[lineKey(line)] ?? 0}
                  onChange={(e) => setQuantities({ ...quantities, [lineKey(line)]: Number(e.target.value) })}
                >
                  {Array.from({ length: page.replaceable[lineKey(line)] + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          <label>
            What went wrong?
            <textarea
              name="reason"
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <FormError message={problem} />
          <button type="submit" disabled={busy}>
            Ask for a replacement
          </button>
        </form>
      )}
      <p role="status" aria-live="polite" className="success">
        {sent}
      </p>
    </section>
  );
}
