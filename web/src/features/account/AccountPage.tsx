import { useEffect } from 'react';
import { Navigate, useActionData, useLoaderData, useNavigate, useNavigation, useSubmit } from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
import { useAuth } from '../auth';
import type { AccountAnswer, AccountWrite, accountLoader } from './accountData';
import { GuestOrderForm } from './GuestOrderForm';
import { OrdersTable } from './OrdersTable';
import { PreviousOrder } from './PreviousOrder';
import { ShippingProfiles } from './ShippingProfiles';
import './account.css';

/**
 * /account, read by the route's loader and written by its action (features/account/accountData.ts): a write is
 * posted to the route, its pending state is the router's, and once it is done the page is read again. Its parts:
 * the shipping profiles (ShippingProfiles), the previous order's items with their stars (PreviousOrder), the orders
 * (OrdersTable), and a guest's order to add (GuestOrderForm).
 */
export default function AccountPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const submit = useSubmit();
  const writeOnce = useWrite();
  const navigation = useNavigation();
  const answer = useActionData<AccountAnswer>();
  const { profiles, previous, rateable, orders, ratings } = useLoaderData<typeof accountLoader>();
  // A refused deletion or guest order link: the server's words, alerted as the spec says of a deletion. A refused save
  // says why in the profile's form (ShippingProfiles); a failed rating is only logged (its stars go back).
  useEffect(() => {
    if (answer?.problem && answer.intent !== 'save-profiles') window.alert(answer.problem);
  }, [answer]);

  if (!user) return <Navigate to="/" replace />;
  const pending = navigation.state !== 'idle' ? (navigation.json as AccountWrite | undefined) : undefined;
  const options = { method: 'post', encType: 'application/json', replace: true } as const;
  // A profile's save or deletion once per click; a rating goes as picked (a second star replaces the first).
  const post = (body: AccountWrite) => (body.intent === 'rate' ? submit(body, options) : writeOnce(body, options));

  async function doSignOut() {
    // The cart on this device is cleared by the cart feature once signed out; the saved cart stays.
    await signOut();
    void navigate('/');
  }

  return (
    <div className="account page">
      <section className="card account-head">
        <h1>Your Account</h1>
        <p>
          Signed in as <strong>{user.email}</strong>
        </p>
        <button type="button" className="secondary" onClick={() => void doSignOut()}>
          Sign Out
        </button>
      </section>
      <p className="visually-hidden" role="status" aria-live="polite">
        {answer?.done && !pending ? answer.done : ''}
      </p>
      <ShippingProfiles read={profiles} answer={answer} pending={pending} post={(write) => void post(write)} />
      <PreviousOrder items={previous} rateable={rateable} read={ratings} post={post} />
      <OrdersTable orders={orders} />
      <GuestOrderForm
        answer={answer}
        busy={pending?.intent === 'guest-order-link'}
        post={(write) => void writeOnce(write, options)}
      />
    </div>
  );
}
