import { useState, type FormEvent } from 'react';
import { useActionData, useSearchParams } from 'react-router-dom';
import { useForm } from '../../components/form/useForm';
import type { OrderPage } from '#shared/schemas/order-views';
import { orderLabel } from '#shared/order-number';
import { useNoIndex } from '../../lib/useNoIndex';
import type { OrderAnswer } from './orderData';
import { OrderDetails } from './OrderDetails';
import { FormError } from '../../components/FormError';
import { ORDER_STATUS_INTRO } from './orderStatusIntro';

export { orderStatusAction as action } from './orderData';

/**
 * /order-status: anyone finds an order with its number and the email it was placed with (guests included), through
 * the route's action (a POST: the email stays out of the address); a replacement request reads the order again.
 */
export default function OrderStatusPage() {
  useNoIndex();
  const [params] = useSearchParams();
  const answer = useActionData<OrderAnswer>();
  // A link names the order by its key (?order=1042): the field shows it as the mail does, #1042. The look-up is the
  // forms' one (docs/decisions/0158): checked with the server's schema, each message beside its field; kept as typed.
  const form = useForm<{ orderNumber: string; email: string }, OrderAnswer & { ok: boolean }>(
    'find',
    { orderNumber: orderLabel(params.get('order') ?? ''), email: '' },
    (sent) => sent,
    { intent: 'find' },
  );
  const { orderNumber, email } = form.values;
  const { fields } = form;
  // The order shown: the one the last answer carried (a failed look-up shows none; a failed request keeps it).
  const [page, setPage] = useState<OrderPage | null>(null);
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    if (answer?.page) setPage(answer.page);
    else if (answer?.intent === 'find') setPage(null);
  }
  const busy = form.sending;
  const problem = form.answer && !form.answer.ok ? (form.answer.problem ?? '') : '';
  /** A field's link to its message, once the shop refused it. */
  const refusedField = (key: 'orderNumber' | 'email') =>
    fields[key] ? { 'aria-invalid': true, 'aria-describedby': `find-${key}-error` } : {};

  function find(event: FormEvent) {
    event.preventDefault();
    form.send({ orderNumber, email });
  }

  return (
    <section className="page narrow">
      <h1>Order status</h1>
      <form className="card stack" onSubmit={find} aria-label="Find your order">
        <p className="muted">{ORDER_STATUS_INTRO}</p>
        <label>
          Order number
          <input
            name="orderNumber"
            required
            autoComplete="off"
            spellCheck={false}
            value={orderNumber}
            onChange={form.set('orderNumber')}
            placeholder="#1042"
            {...refusedField('orderNumber')}
          />
        </label>
        {fields.orderNumber && (
          <span id="find-orderNumber-error" className="error field-error">
            {fields.orderNumber}
          </span>
        )}
        <label>
          Email
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={form.set('email')}
            {...refusedField('email')}
          />
        </label>
        {fields.email && (
          <span id="find-email-error" className="error field-error">
            {fields.email}
          </span>
        )}
        <FormError message={problem} />
        <button type="submit" disabled={busy}>
          {busy ? 'Looking…' : 'Find my order'}
        </button>
      </form>
      {page && <OrderDetails page={page} />}
    </section>
  );
}
