import {
  Form,
  Link,
  Navigate,
  useActionData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router-dom';
import { GUEST_ORDER_MESSAGES } from '#shared/messages';
import { orderLabel } from '#shared/order-number';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth';
import { useNoIndex } from '../../lib/useNoIndex';
import { addGuestOrder } from './accountApi';

type Answer = { added: string } | { problem: string };

/** The button's post: the link's token adds its order to the signed-in account (the shop checks who asked). */
export async function action({ request }: ActionFunctionArgs): Promise<Answer> {
  const given = (await request.formData()).get('token');
  const token = typeof given === 'string' ? given : '';
  try {
    return { added: (await addGuestOrder(token)).order.orderNumber };
  } catch (error) {
    return { problem: error instanceof ApiError ? error.message : GUEST_ORDER_MESSAGES.linkInvalid };
  }
}

/**
 * /account/add-order?token=: the mailed link that adds a guest's order to the account that asked for it (issue 50 item
 * 11, docs/decisions/0143). Opening it changes nothing (a mail scanner opens links too): the customer, signed in,
 * presses the button.
 */
export default function AddGuestOrderPage() {
  useNoIndex();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== 'idle';
  const token = params.get('token') ?? '';
  if (!user) {
    const here = `/account/add-order?token=${encodeURIComponent(token)}`;
    return <Navigate to="/login" replace state={{ from: here, notice: GUEST_ORDER_MESSAGES.signInFirst }} />;
  }
  return (
    <section className="page narrow">
      <h1>Add an order to your account</h1>
      {answer && 'added' in answer ? (
        <div className="card stack">
          <p className="success" role="status">
            {GUEST_ORDER_MESSAGES.added(orderLabel(answer.added))}
          </p>
          <p>
            <Link to={`/account/orders/${encodeURIComponent(answer.added)}`}>See the order</Link> ·{' '}
            <Link to="/account">Your account</Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="card stack">
          <p>
            You asked to add an order placed without an account to the account of <strong>{user.email}</strong>.
          </p>
          <input type="hidden" name="token" value={token} />
          {answer && (
            <p className="error" role="alert">
              {answer.problem}
            </p>
          )}
          <button type="submit" disabled={busy || !token}>
            {busy ? 'Adding…' : 'Add the order to my account'}
          </button>
        </Form>
      )}
    </section>
  );
}
