import { useState, type FormEvent } from 'react';
import { useActionData, useNavigation, useSearchParams } from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
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
  const submit = useWrite();
  const navigation = useNavigation();
  const answer = useActionData<OrderAnswer>();
  // A link names the order by its key (?order=1042): the field shows it as the mail does, #1042.
  const [orderNumber, setOrderNumber] = useState(orderLabel(params.get('order') ?? ''));
  const [email, setEmail] = useState('');
  // The order shown: the one the last answer carried (a failed look-up shows none; a failed request keeps it).
  const [page, setPage] = useState<OrderPage | null>(null);
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    if (answer?.page) setPage(answer.page);
    else if (answer?.intent === 'find') setPage(null);
  }
  const busy = navigation.state !== 'idle' && (navigation.json as { intent?: string } | undefined)?.intent === 'find';
  const problem = answer?.intent === 'find' && !busy ? (answer.problem ?? '') : '';

  function find(event: FormEvent) {
    event.preventDefault();
    void submit({ intent: 'find', orderNumber, email }, { method: 'post', encType: 'application/json' });
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
            onChange={(e) => setOrderNumber(e.target.value)}
            placeholder="#1042"
          />
        </label>
        <label>
          Email
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <FormError message={problem} />
        <button type="submit" disabled={busy}>
          {busy ? 'Looking…' : 'Find my order'}
        </button>
      </form>
      {page && <OrderDetails page={page} />}
    </section>
  );
}
