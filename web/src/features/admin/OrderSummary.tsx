import { Button } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { unescapeText } from '#shared/sanitize';
import { Amounts } from '../../components/Amounts';
import type { AdminOrder } from './adminApi';
import { OrderLines, StatusBadge, when } from './OrderBits';

/**
 * An order's summary: its status, when it was placed, the customer, where it ships, the payment, the order it
 * replaces, how it shipped (with Change tracking while the form is not open), its lines and amounts.
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
              {canChangeTracking && (
                <Button size="small" variation="link" className="inline-action" onClick={changeTracking}>
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
  );
}
