import { useState, type FormEvent } from 'react';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Card entry of the built-in test processor; it behaves like Stripe's test cards. */
export function TestCardForm({ busy, amountLabel, onPay }: { busy: boolean; amountLabel: string; onPay(card: TestCard): void }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
    onPay({ number, expMonth: month || 0, expYear: year || 0, cvc });
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Card details">
      <p className="notice" role="note">
        <strong>Test mode:</strong> no real payment is made. Use card <code>4242 4242 4242 4242</code> with any future
        date and any CVC; <code>4000 0000 0000 0002</code> is declined.
      </p>
      <label>
        Card number
        <input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={number} onChange={(e) => setNumber(e.target.value)} required maxLength={23} />
      </label>
      <div className="two-cols">
        <label>
          Expiry (MM/YY)
          <input autoComplete="cc-exp" placeholder="12/30" value={expiry} onChange={(e) => setExpiry(e.target.value)} required maxLength={7} />
        </label>
        <label>
          CVC
          <input inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(e) => setCvc(e.target.value)} required maxLength={4} />
        </label>
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Paying…' : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}
