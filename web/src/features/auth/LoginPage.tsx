import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import { PasswordResetRequiredError, useAuth } from './AuthProvider';
import { rateLimitedMessage } from './rateLimited';
import { useNoIndex } from '../../lib/useNoIndex';
import './auth.css';
import { FormError } from '../../components/FormError';

/** Sign-in, with the 'Forgot Password?' toggle (spec sections 2, 4, 8). */
export default function LoginPage() {
  useNoIndex('noindex, nofollow');
  const { user, signIn, sendResetCode } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Where an admin page sent the visitor from; from sign-up's links, the address typed there and whether to reset.
  // A page that needs an account may say why (adding a guest's order: issue 50 item 11).
  const arrived = location.state as { from?: string; email?: string; reset?: boolean; notice?: string } | null;
  const from = arrived?.from;
  const [mode, setMode] = useState<'signin' | 'reset'>(arrived?.reset ? 'reset' : 'signin');
  const [email, setEmail] = useState(arrived?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const busyRef = useRef(false);

  if (user && !busy) return <Navigate to={from ?? '/'} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError('');
    try {
      await signIn(email, password);
      void navigate(from ?? '/', { replace: true });
    } catch (failure) {
      console.error('sign-in failed', failure);
      if (failure instanceof PasswordResetRequiredError) {
        // The old password no longer works: say so, and offer the link form with the address filled in.
        setMode('reset');
        setSent(false);
        setError(MESSAGES.passwordResetRequired);
      } else {
        setError(MESSAGES.signInFailed);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  async function sendLink(event: FormEvent) {
    event.preventDefault();
    setError('');
    setSent(true);
    try {
      await sendResetCode(email);
    } catch (failure) {
      // Same answer whether or not the address has an account; only being held back is said (it tells nothing).
      console.error('reset request failed', failure);
      const limited = rateLimitedMessage(failure, RATE_LIMIT_MESSAGES.passwordReset);
      if (limited) {
        setSent(false);
        setError(limited);
      }
    }
  }

  return (
    <section className="auth-page card">
      {mode === 'signin' ? (
        <>
          <h1>Sign In</h1>
          {arrived?.notice && <p className="notice">{arrived.notice}</p>}
          <form className="stack" onSubmit={(event) => void submit(event)}>
            <label>
              Email
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            <label>
              Password
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <FormError message={error} />
            <button type="submit" disabled={busy}>
              {busy ? MESSAGES.signingIn : 'Sign In'}
            </button>
          </form>
          <button
            type="button"
            className="link"
            onClick={() => {
              setMode('reset');
              setError('');
            }}
          >
            {MESSAGES.forgotPassword}
          </button>
          <p>
            New here? <Link to="/signup">{MESSAGES.createAccount}</Link>
          </p>
        </>
      ) : (
        <>
          <h1>Reset your password</h1>
          <form className="stack" onSubmit={(event) => void sendLink(event)}>
            <label>
              Email
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            <p className="muted">{sent ? MESSAGES.resetSent : MESSAGES.resetHint}</p>
            <FormError message={error} />
            <button type="submit" disabled={sent}>
              {sent ? MESSAGES.resetSentButton : MESSAGES.sendLink}
            </button>
          </form>
          <button
            type="button"
            className="link"
            onClick={() => {
              setMode('signin');
              setSent(false);
              setError('');
            }}
          >
            Cancel
          </button>
        </>
      )}
    </section>
  );
}
