import { Link, Navigate, useLoaderData, useParams } from 'react-router-dom';
import { useAuth } from '../auth';
import type { customerOrderLoader } from './orderData';
import { OrderDetails } from './OrderDetails';

/** /account/orders/:orderNumber: one of the signed-in customer's orders, read by the route's loader. */
export default function CustomerOrderPage() {
  const { user } = useAuth();
  const { orderNumber = '' } = useParams();
  const { page, problem } = useLoaderData<typeof customerOrderLoader>();
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
      {page && <OrderDetails page={page} />}
    </section>
  );
}
