import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { OrderPage } from '../../../../shared/schemas/order-views';
import { ApiError } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/AuthProvider';
import { OrderDetails } from './OrderDetails';
import { getMyOrder } from './ordersApi';

/** /account/orders/:orderNumber: one of the signed-in customer's orders. */
export default function CustomerOrderPage() {
  const { user } = useAuth();
  const { orderNumber = '' } = useParams();
  const [page, setPage] = useState<OrderPage | null>(null);
  const [problem, setProblem] = useState('');
  const load = useCallback(
    () =>
      getMyOrder(orderNumber)
        .then(setPage)
        .catch((error) => setProblem(error instanceof ApiError && error.status === 404 ? 'We could not find this order in your account.' : 'The order could not be loaded. Please try again.')),
    [orderNumber],
  );
  useEffect(() => {
    if (user) void load();
  }, [user, load]);
  if (!user) return <Navigate to="/login" replace state={{ from: `/account/orders/${orderNumber}` }} />;
  return (
    <section className="page narrow">
      <p>
        <Link to="/account">← Your account</Link>
      </p>
      <h1>Your order</h1>
      {problem && (
        <p className="card error" role="alert">
          {problem}
        </p>
      )}
      {!page && !problem && <Spinner />}
      {page && <OrderDetails page={page} onChanged={() => void load()} />}
    </section>
  );
}
