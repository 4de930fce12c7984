import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OrderPage } from '../../../../shared/schemas/order-views';
import { ApiError } from '../../lib/api';
import { useNoIndex } from '../auth/useNoIndex';
import { OrderDetails } from './OrderDetails';
import { lookupOrder } from './ordersApi';
import { FormError } from '../../components/FormError';

/** /order-status: anyone finds an order with its number and the email it was placed with (guests included). */
export default function OrderStatusPage() {
  useNoIndex();
  const [params] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(params.get('order') ?? '');
  const [email, setEmail] = useState('');
  const [page, setPage] = useState<OrderPage | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function find(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      setPage(await lookupOrder(orderNumber.trim(), email.trim()));
    } catch (error) {
      setPage(null);
      setProblem(error instanceof ApiError && error.status !== 0 ? error.message : 'The order could not be looked up. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page narrow">
      <h1>Order status</h1>
      <form className="card stack" onSubmit={(event) => void find(event)} aria-label="Find your order">
        <p className="muted">Enter the order number from your confirmation mail and the email address you ordered with.</p>
        <label>
          Order number
          <input name="orderNumber" required autoComplete="off" spellCheck={false} value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} placeholder="pi_..." />
        </label>
        <label>
          Email
          <input name="email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <FormError message={problem} />
        <button type="submit" disabled={busy}>
          {busy ? 'Looking…' : 'Find my order'}
        </button>
      </form>
      {page && <OrderDetails page={page} onChanged={() => void find()} />}
    </section>
  );
}
