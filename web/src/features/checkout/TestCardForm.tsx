import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MESSAGES } from '#shared/messages';
import { readExpiry, showExpiry } from './cardExpiry';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Card entry of the built-in test processor; it behaves like Stripe's test cards. An expiry typed `1230` is read as
 * 12/30; one it cannot read is explained beside the field and nothing is sent. `onEdit` runs on every change (the
 * card step clears a failed payment's message then).
 */
export function TestCardForm({
  busy,
  amountLabel,
  onPay,
  onEdit,
}: {
  busy: boolean;
  amountLabel: string;
  onPay: (card: TestCard) => void;
  onEdit?: () => void;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [expiryProblem, setExpiryProblem] = useState(false);
  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    onEdit?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readExpiry(expiry);
    setExpiryProblem(!read);
    if (!read) return;
    setExpiry(showExpiry(read));
    onPay({ number, expMonth: read.month, expYear: read.year, cvc });
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Card details">
      <p className="notice" role="note">
        <strong>Test mode:</strong> no real payment is made. Use card <code>4242 4242 4242 4242</code> with any future
        date and any CVC; <code>4000 0000 0000 0002</code> is declined; <code>4000 0025 0000 3155</code> asks you to
        authenticate.
      </p>
      <label>
        Card number
        <input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={edit(setNumber)}
          required
          maxLength={23}
        />
      </label>
      <div className="two-cols">
        <label>
          Expiry (MM/YY)
          <input
            autoComplete="cc-exp"
            placeholder="12/30"
            value={expiry}
            onChange={edit((value) => {
              setExpiry(value);
              setExpiryProblem(false);
            })}
            onBlur={() => {
              const read = readExpiry(expiry);
              if (read) setExpiry(showExpiry(read));
            }}
            required
            maxLength={7}
            aria-invalid={expiryProblem || undefined}
            aria-describedby={expiryProblem ? 'expiry-problem' : undefined}
          />
        </label>
        <label>
          CVC
          <input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={edit(setCvc)}
            required
            maxLength={4}
          />
        </label>
      </div>
      {expiryProblem && (
        <p id="expiry-problem" className="error" role="alert">
          {MESSAGES.expiryUnreadable}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Paying…' : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}

/**
 * The 3-D Secure step of the test processor (card 4000 0025 0000 3155), like Stripe's test authentication
 * page: the shopper completes or fails the bank's check.
 */
export function AuthenticateDialog({
  amountLabel,
  onAnswer,
}: {
  amountLabel: string;
  onAnswer: (answer: 'complete' | 'fail') => void;
}) {
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="authenticate-title"
        aria-describedby="authenticate-text"
        className="card dialog"
      >
        <h2 id="authenticate-title">{MESSAGES.authenticatePayment}</h2>
        <p id="authenticate-text">
          <strong>Test mode:</strong> your bank asks you to confirm this payment of {amountLabel}. Complete it, or fail
          it to see what a shopper sees when the bank refuses.
        </p>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => onAnswer('fail')}>
            Fail
          </button>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself as it opens (WAI-ARIA dialog pattern) */}
          <button type="button" onClick={() => onAnswer('complete')} autoFocus>
            Complete
          </button>
        </div>
      </div>
    </div>
  );
}
