import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { GUEST_ORDER_MESSAGES } from '#shared/messages';
import { orderLabel } from '#shared/order-number';
import type { AccountAnswer, AccountWrite } from './accountData';

/**
 * An order placed without an account, added to this one (issue 50 item 11, docs/decisions/0143): its number asks the
 * shop to mail a link to the account's email; the link adds it. After signing up from the order's confirmation page,
 * the link was asked for already: the sentence says so.
 */
export function GuestOrderForm({
  answer,
  busy,
  post,
}: {
  answer: AccountAnswer | undefined;
  busy: boolean;
  post: (write: AccountWrite) => void;
}) {
  const [orderNumber, setOrderNumber] = useState('');
  const asked = (useLocation().state as { guestOrderLinkSent?: string } | null)?.guestOrderLinkSent;
  const done =
    answer?.intent === 'guest-order-link'
      ? (answer.done ?? null)
      : asked
        ? GUEST_ORDER_MESSAGES.linkSent(orderLabel(asked))
        : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (orderNumber.trim()) post({ intent: 'guest-order-link', orderNumber: orderNumber.trim() });
  }
  return (
    <section className="card stack" aria-labelledby="guest-order-heading">
      <h2 id="guest-order-heading">An order placed without an account?</h2>
      <form className="guest-order-form" onSubmit={submit}>
        <label>
          Order number
          <input
            name="orderNumber"
            inputMode="numeric"
            placeholder="#1042"
            maxLength={40}
            value={orderNumber}
            onChange={(event) => setOrderNumber(event.target.value)}
          />
        </label>
        <button type="submit" disabled={busy || !orderNumber.trim()}>
          {busy ? 'Sending…' : 'Email me a link to add it'}
        </button>
      </form>
      {/* The page's status line announces the answer; this shows it. */}
      <p className={done ? 'success' : 'muted'}>
        {done ?? 'We email a link to your account’s address; the order is added when you open it.'}
      </p>
    </section>
  );
}
