import { Button } from '@aws-amplify/ui-react';
import type { AdminOrder } from './adminApi';

/**
 * A cancelled order whose refund is not finished: refused by the payment provider (the shop does not try again by
 * itself) or not confirmed yet (the shop finishes it within minutes); either way the admin may send it now (`send`,
 * held while it goes). Nothing for any other order.
 */
export function RefundCard({ order, busy, send }: { order: AdminOrder; busy: boolean; send: () => void }) {
  const { refund } = order.payment;
  if (order.status !== 'cancelled' || !refund || refund.status === 'refunded') return null;
  return refund.status === 'failed' ? (
    <section className="card" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund refused</h2>
      <p>
        The order is cancelled and its stock is back, but the payment provider refused the refund
        {refund.id ? ` (${refund.id})` : ''}. The shop does not try again by itself: refund it in the provider&apos;s
        dashboard, or try again here. The customer is mailed once the refund goes through.
      </p>
      <Button size="small" isDisabled={busy} onClick={send}>
        Try the refund again
      </Button>
    </section>
  ) : (
    <section className="card" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund not finished</h2>
      <p>
        The order is cancelled and its stock is back, but the payment provider has not confirmed the refund yet. The
        shop finishes it by itself within a few minutes (and mails the customer); you can also finish it now.
      </p>
      <Button size="small" isDisabled={busy} onClick={send}>
        Finish the refund
      </Button>
    </section>
  );
}
