import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, isStrongPassword, MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import { useAuth } from './AuthProvider';
import { rateLimitedMessage } from './rateLimited';
import { useNoIndex } from './useNoIndex';
import './auth.css';
import { FormError } from '../../components/FormError';

/** Sign-up (spec sections 2, 5, 8): success lands signed in on /. */
export default function SignupPage() {
  useNoIndex();
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirm: '' });
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
      void navigate('/', { replace: true });
    } catch (failure) {
      console.error('sign-up failed', failure);
      setError(rateLimitedMessage(failure, RATE_LIMIT_MESSAGES.signUp) ?? MESSAGES.signUpFailed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
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
