import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isStrongPassword, MESSAGES, RATE_LIMIT_MESSAGES } from '#shared/messages';
import { useAuth } from './AuthProvider';
import { rateLimitedMessage } from './rateLimited';
import { useNoIndex } from '../../lib/useNoIndex';
import './auth.css';
import { FormError } from '../../components/FormError';

/**
 * What a failed reset says: our 429's own sentence; a spent code (Cognito's LimitExceededException on this call: the
 * code took its wrong tries, and waiting does not bring it back) asks for a new link; anything else, a wrong code.
 */
export function resetFailureMessage(failure: unknown): string {
  const ours = failure instanceof Error && Object.values<string>(RATE_LIMIT_MESSAGES).includes(failure.message);
  if (failure instanceof Error && failure.name === 'LimitExceededException' && !ours) return MESSAGES.resetCodeSpent;
  return rateLimitedMessage(failure, RATE_LIMIT_MESSAGES.passwordReset) ?? MESSAGES.resetCodeWrong;
}

/** The page the reset mail links to: code (from the link) and a new password with the same rule. */
export default function ResetPasswordPage() {
  useNoIndex('noindex, nofollow');
  const { confirmReset } = useAuth();
  const [params] = useSearchParams();
  const [form, setForm] = useState({
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
    password: '',
    confirm: '',
  });
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState('');
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'busy') return;
    if (form.password !== form.confirm) return setError(MESSAGES.passwordsDiffer);
    if (!isStrongPassword(form.password)) return setError(MESSAGES.weakPassword);
    setState('busy');
    setError('');
    try {
      await confirmReset({ email: form.email, code: form.code, password: form.password });
      setState('done');
    } catch (failure) {
      console.error('password reset failed', failure);
      setError(resetFailureMessage(failure));
      setState('idle');
    }
  }

  if (state === 'done') {
    return (
      <section className="auth-page card">
        <h1>Password changed</h1>
        <p className="success">Your new password is set.</p>
        <Link to="/login" className="button">
          Sign In
        </Link>
      </section>
    );
  }
  return (
    <section className="auth-page card">
      <h1>Choose a new password</h1>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        </label>
        <label>
          Reset code
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={form.code}
            onChange={set('code')}
          />
        </label>
        <label>
          New password
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
          />
        </label>
        <label>
          Confirm new password
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
        <button type="submit" disabled={state === 'busy'}>
          {state === 'busy' ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    </section>
  );
}
