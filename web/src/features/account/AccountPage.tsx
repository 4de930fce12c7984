import { startTransition, useEffect, useOptimistic, useState } from 'react';
import { Link, Navigate, useActionData, useLoaderData, useNavigate, useNavigation, useSubmit } from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
import { ORDER_STATUS_LABEL } from '#shared/aftersale';
import { MESSAGES, PROFILE_MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import type { ShippingProfile } from '#shared/schemas/address';
import { PROFILE_FIELDS as FIELDS, profileProblem } from './profileProblem';
import { unescapeText } from '#shared/sanitize';
import { LinePhoto } from '../../components/LinePhoto';
import { useAuth } from '../auth/AuthProvider';
import type { AccountAnswer, AccountWrite, accountLoader } from './accountData';
import { StarRating } from './StarRating';
import './account.css';

/** A profile on screen: `original` holds the saved values while it is edited; new ones have none. */
type Editable = ShippingProfile & { editing?: boolean; isNew?: boolean; original?: ShippingProfile };
const BLANK: ShippingProfile = { name: '', email: '', phone: '', address: '', state: '', city: '', zip: '' };

/**
 * /account, read by the route's loader and written by its action (features/account/accountData.ts): a write is
 * posted to the route, its pending state is the router's, and once it is done the page is read again.
 */
export default function AccountPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const submit = useSubmit();
  const writeOnce = useWrite();
  const navigation = useNavigation();
  const answer = useActionData<AccountAnswer>();
  const { previous, orders, ...read } = useLoaderData<typeof accountLoader>();
  // The stars show a rating at once, while it is saved and read again; if the save fails they go back to the one read.
  const [ratings, showRating] = useOptimistic(
    read.ratings,
    (shown, { productId, rating }: { productId: string; rating: number }) => ({ ...shown, [productId]: rating }),
  );
  const [profiles, setProfiles] = useState<Editable[]>(() => read.profiles.map(unescapeProfile));
  // The profiles as last read: when the route reads them again (after a write), the list shows what the server now
  // holds, unless a profile is being edited and the write was not its save (a rating keeps the typing).
  const [shown, setShown] = useState(read.profiles);
  if (shown !== read.profiles) {
    setShown(read.profiles);
    if (!profiles.some((profile) => profile.editing) || answer?.intent === 'save-profiles')
      setProfiles(read.profiles.map(unescapeProfile));
  }
  // A refused write: the server's words, alerted as the spec says (a failed rating is only logged; its stars go back).
  useEffect(() => {
    if (answer?.problem) window.alert(answer.problem);
  }, [answer]);

  if (!user) return <Navigate to="/" replace />;
  const editing = profiles.findIndex((profile) => profile.editing);
  const pending = navigation.state !== 'idle' ? (navigation.json as AccountWrite | undefined) : undefined;
  const busy = pending?.intent === 'save-profiles' || pending?.intent === 'delete-profile';
  const options = { method: 'post', encType: 'application/json', replace: true } as const;
  // A profile's save or deletion once per click; a rating goes as picked (a second star replaces the first).
  const post = (body: AccountWrite) => (body.intent === 'rate' ? submit(body, options) : writeOnce(body, options));

  function save(index: number) {
    const problem = profileProblem(profiles[index]);
    if (problem) return window.alert(problem);
    void post({
      intent: 'save-profiles',
      profiles: profiles.map((p) => Object.fromEntries(FIELDS.map(({ key }) => [key, p[key]])) as ShippingProfile),
    });
  }

  function cancel(index: number) {
    const profile = profiles[index];
    if (profile.isNew) return setProfiles(profiles.filter((_, i) => i !== index));
    setProfiles(profiles.map((p, i) => (i === index ? { ...(p.original ?? p), editing: false } : p)));
  }

  function remove(index: number) {
    if (profiles[index].isNew) return cancel(index);
    // Deleting cannot be undone: the shopper confirms it first (as the spec's stock-item delete does).
    if (!window.confirm(PROFILE_MESSAGES.confirmDelete(profiles[index].name))) return;
    void post({ intent: 'delete-profile', index });
  }

  function giveRating(productId: string, rating: number) {
    startTransition(async () => {
      showRating({ productId, rating });
      await post({ intent: 'rate', productId, rating });
    });
  }

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

      <section className="card" aria-labelledby="profiles-heading">
        <div className="section-head">
          <h2 id="profiles-heading">Shipping Profiles</h2>
          <button
            type="button"
            className="small"
            disabled={editing >= 0}
            onClick={() => setProfiles([...profiles, { ...BLANK, editing: true, isNew: true }])}
          >
            ADD+
          </button>
        </div>
        {profiles.length === 0 && <p className="muted">{MESSAGES.noShippingProfiles}</p>}
        <ul className="profiles">
          {profiles.map((profile, index) => (
            <li key={index} className="profile">
              {profile.editing ? (
                <form
                  className="profile-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void save(index);
                  }}
                  aria-label={`Shipping profile ${index + 1}`}
                >
                  {FIELDS.map((field) => (
                    <label key={field.key}>
                      {field.label}
                      <input
                        type={field.type ?? 'text'}
                        name={field.key}
                        maxLength={200}
                        value={profile[field.key]}
                        onChange={(e) =>
                          setProfiles(profiles.map((p, i) => (i === index ? { ...p, [field.key]: e.target.value } : p)))
                        }
                      />
                    </label>
                  ))}
                  <div className="actions">
                    <button type="submit" disabled={busy}>
                      {pending?.intent === 'save-profiles' ? 'Saving…' : 'Save'}
                    </button>
                    <button type="button" className="secondary" onClick={() => cancel(index)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <div className="profile-view">
                  <address>
                    <strong>{profile.name}</strong>
                    <br />
                    {profile.address}, {profile.city}, {profile.state} {profile.zip}
                    <br />
                    {profile.email} · {profile.phone}
                  </address>
                  <div className="actions">
                    <button
                      type="button"
                      className="secondary small"
                      disabled={editing >= 0}
                      onClick={() =>
                        setProfiles(
                          profiles.map((p, i) => (i === index ? { ...p, editing: true, original: { ...p } } : p)),
                        )
                      }
                    >
                      Edit
                    </button>
                    {/* One thing at a time: no deletion while a profile is being edited or a write is on its way. */}
                    <button
                      type="button"
                      className="secondary small danger"
                      disabled={editing >= 0 || busy}
                      onClick={() => remove(index)}
                    >
                      DELETE
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="previous-heading">
        <h2 id="previous-heading">Previous Order</h2>
        {previous.length === 0 && <p className="muted">{MESSAGES.noPreviousOrders}</p>}
        <ul className="previous">
          {previous.map((item) => (
            <li key={`${item.id}|${item.size}`}>
              <LinePhoto src={item.image} size={64} />
              <div>
                <strong>{unescapeText(item.name)}</strong>
                <span className="muted">
                  {item.size !== 'CANDLE' ? `${item.size} · ` : ''}
                  {item.quantity} × {formatPrice(item.price)}
                </span>
              </div>
              <StarRating
                label={`Rate ${unescapeText(item.name)}`}
                value={ratings[item.id] ?? 0}
                onRate={(rating) => giveRating(item.id, rating)}
              />
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Your Orders</h2>
        {orders.length === 0 && <p className="muted">No orders yet.</p>}
        {orders.length > 0 && (
          // A desktop reads a table; a phone reads each order as a card of labelled lines (account.css), so nothing
          // hides off to the side.
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
                <th scope="col">Tracking</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderNumber}>
                  <td data-label="Order">
                    <Link
                      className="mono"
                      to={`/account/orders/${order.orderNumber}`}
                      aria-label={`Order ${order.orderNumber}`}
                    >
                      {order.orderNumber}
                    </Link>
                  </td>
                  <td data-label="Date">{new Date(order.createdAt).toLocaleDateString('en-US')}</td>
                  <td data-label="Items">{order.lines.reduce((n, l) => n + l.quantity, 0)}</td>
                  <td data-label="Total">
                    {formatPrice(order.amounts.total)}
                    {order.amounts.discount > 0 && (
                      <span className="muted discount-note">
                        {' '}
                        ({formatPrice(order.amounts.discount)} off{order.promoCode ? ` with ${order.promoCode}` : ''})
                      </span>
                    )}
                  </td>
                  <td data-label="Status">
                    <span className={`status ${order.status}`}>{ORDER_STATUS_LABEL[order.status]}</span>
                  </td>
                  <td data-label="Tracking" className={order.trackingUrl || order.trackingNumber ? undefined : 'empty'}>
                    {order.trackingUrl ? (
                      <a href={order.trackingUrl} target="_blank" rel="noreferrer">
                        Track
                      </a>
                    ) : (
                      (order.trackingNumber ?? '')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function unescapeProfile(profile: ShippingProfile): Editable {
  return Object.fromEntries(
    Object.entries(profile).map(([key, value]) => [key, unescapeText(value)]),
  ) as unknown as Editable;
}
