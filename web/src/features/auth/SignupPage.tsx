import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, isStrongPassword, MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import { mailGuestOrderLink } from './guestOrderLink';
import { useAuth } from './AuthProvider';
import { rateLimitedMessage } from './rateLimited';
import { useNoIndex } from '../../lib/useNoIndex';
import './auth.css';
import { FormError } from '../../components/FormError';
import { MarketingConsentBox } from '../../components/MarketingConsentBox';
import { agreeToMarketing } from './marketingConsent';

/** What the order confirmation page hands sign-up: the email the guest used and the order to add (issue 50 item 11). */
export interface SignupFromOrder {
  email: string;
  guestOrder: string;
}

/**
 * Sign-up (spec sections 2, 5, 8): success lands signed in on /. Opened from a guest's order confirmation (issue 50 item
 * 11), it starts with the order's email and, once signed up, asks the shop to mail the link that adds the order, and
 * lands on the account page, which says so.
 */
export default function SignupPage() {
  useNoIndex();
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const fromOrder = useLocation().state as SignupFromOrder | null;
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: fromOrder?.email ?? '',
    password: '',
    confirm: '',
  });
  const [marketing, setMarketing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const busyRef = useRef(false);

  if (user && !busy) return <Navigate to="/" replace />;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return; // a second submit while busy is ignored
    if (form.password !== form.confirm) return setError(MESSAGES.passwordsDiffer);
    if (!isStrongPassword(form.password)) return setError(MESSAGES.weakPassword);
    busyRef.current = true;
    setBusy(true);
    setError('');
    try {
      await signUp({ email: form.email, password: form.password, firstName: form.firstName, lastName: form.lastName });
      // The marketing box ticked (docs/decisions/0166): the new account's email agrees (a failure is logged, the
      // account is made either way).
      if (marketing)
        await agreeToMarketing().catch((failure: unknown) => console.error('consent not recorded', failure));
      if (fromOrder?.guestOrder) {
        // The link goes to the account's email, whatever was typed; the order is added only once it is opened.
        const asked = await mailGuestOrderLink(fromOrder.guestOrder).then(
          () => true,
          (failure: unknown) => (console.error('guest order link not asked', failure), false),
        );
        void navigate('/account', {
          replace: true,
          state: asked ? { guestOrderLinkSent: fromOrder.guestOrder } : null,
        });
      } else void navigate('/', { replace: true });
    } catch (failure) {
      console.error('sign-up failed', failure);
      setError(rateLimitedMessage(failure, RATE_LIMIT_MESSAGES.signUp) ?? MESSAGES.signUpFailed);
      busyRef.current = false;
      setBusy(false);
    }
    // Signed up: busy until the next page shows (a signed-in visitor of this page is otherwise sent to /, which would
    // race the account page that sign-up from an order goes to).
  }

  return (
    <section className="auth-page card">
      <h1>{MESSAGES.createAccount}</h1>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <div className="two-cols">
          <label>
            First name
            <input
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={100}
              value={form.firstName}
              onChange={set('firstName')}
            />
          </label>
          <label>
            Last name
            <input
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={100}
              value={form.lastName}
              onChange={set('lastName')}
            />
          </label>
        </div>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
            aria-describedby="password-rule"
          />
        </label>
        <p id="password-rule" className="muted small">
          At least 8 characters with an uppercase letter, a lowercase letter and a digit.
        </p>
        <label>
          Confirm password
          <input
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            value={form.confirm}
            onChange={set('confirm')}
          />
        </label>
        <MarketingConsentBox checked={marketing} onChange={setMarketing} />
        <FormError message={error} />
        {error === MESSAGES.signUpFailed && (
          // Beside the spec's words (issue 34 item 7): the two ways on for an address that has an account, with it
          // filled in on the sign-in page.
          <p className="auth-next">
            <Link to="/login" state={{ email: form.email }}>
              {AUTH_MESSAGES.signInInstead}
            </Link>
            <Link to="/login" state={{ email: form.email, reset: true }}>
              {AUTH_MESSAGES.resetInstead}
            </Link>
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? MESSAGES.signingUp : MESSAGES.createAccount}
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </section>
  );
}
