import { cardLabel } from '#shared/gift-cards';
import { Button } from '@aws-amplify/ui-react';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { formatPhone } from '#shared/format';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { hasShipTo } from '#shared/order-address';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { unescapeText } from '#shared/sanitize';
import { Amounts } from '../../components/Amounts';
import type { AdminOrder } from './adminApi';
import { MadeToOrder, OrderLines, StatusBadge, when } from './OrderBits';
import { TaxFacts } from './OrderTax';

/** Where a payment was made, as the owner knows the provider. */
const PROVIDER_NAME = { stripe: 'Stripe', test: 'Test processor' } as const;

/**
 * An order's summary: its status, when it was placed, the customer, where it ships, the payment (with the
 * processor's id of each payment that paid it), how its tax was computed, the order it replaces, how it shipped (with
 * Change tracking while the form is not open), its lines (each with its tax) and amounts.
 */
export function OrderSummary({
  order,
  canChangeTracking,
  changeTracking,
}: {
  order: AdminOrder;
  canChangeTracking: boolean;
  changeTracking: () => void;
}) {
  const a = order.shippingAddress;
  return (
    <section className="card" aria-labelledby="summary-heading">
      <h2 id="summary-heading">
        Summary <StatusBadge order={order} />
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
          {hasShipTo(a)
            ? `${unescapeText(a.line1)}, ${unescapeText(a.city)}, ${unescapeText(a.state)} ${a.zip}`
            : GIFT_CARD_WORDS.nothingShips}
        </dd>
        {a.phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:+1${a.phone}`}>{formatPhone(a.phone)}</a>
            </dd>
          </>
        )}
        <dt>Payment</dt>
        <dd>{order.payment.state}</dd>
        {order.payments.map((payment) =>
          payment.method === 'card' ? (
            <Fragment key={payment.intentId}>
              <dt>{PROVIDER_NAME[payment.provider]} payment</dt>
              <dd>
                <span className="mono" data-testid="payment-id">
                  {payment.intentId}
                </span>{' '}
                · card, {formatPrice(payment.amount)}
                {payment.provider === 'stripe' && (
                  <span className="muted"> · search for this id in the Stripe dashboard</span>
                )}
              </dd>
            </Fragment>
          ) : (
            <Fragment key={payment.cardId}>
              <dt>Gift card</dt>
              <dd>
                <Link to={`/admin/gift-cards/${payment.cardId}`}>{cardLabel(payment.last4)}</Link> ·{' '}
                {formatPrice(payment.amount)}
              </dd>
            </Fragment>
          ),
        )}
        <TaxFacts tax={order.tax} />
        {order.shippingRate && (
          <>
            <dt>Shipping rate</dt>
            <dd>
              {order.shippingRate.label} · {formatPrice(order.shippingRate.amount)}
              {order.shippingRate.fallback ? ` (${order.shippingRate.fallback})` : ''}
            </dd>
          </>
        )}
        {order.replacementOf && (
          <>
            <dt>Replaces</dt>
            <dd>
              <Link to={`/admin/orders/${order.replacementOf}`}>{orderLabel(order.replacementOf)}</Link>
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
              {canChangeTracking && (
                <Button size="small" variation="link" className="inline-action" onClick={changeTracking}>
                  Change tracking
                </Button>
              )}
            </dd>
          </>
        )}
      </dl>
      {order.quote && <MadeToOrder quote={order.quote} />}
      <OrderLines lines={order.lines} taxes={order.tax.lines?.map((line) => line.tax)} />
      <Amounts amounts={order.amounts} promoCode={order.promoCode} />
    </section>
  );
}
