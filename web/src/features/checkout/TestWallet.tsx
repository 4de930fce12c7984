import { useEffect, useState } from 'react';
import { MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { TEST_WALLET, type WalletSheet } from '#shared/wallet';
import { ApiError } from '../../lib/api';
import { confirmTestPayment } from './checkoutApi';
import type { useWalletPay } from './useWalletPay';

type Wallet = ReturnType<typeof useWalletPay>;

const cardFor = (number: string) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' });

/**
 * The built-in test processor's wallet (issue 38 item 5, docs/decisions/0129): on a machine without Stripe, the cart
 * offers it where Stripe would show Apple Pay or Google Pay. Its sheet behaves as theirs: it shows the city, state and
 * ZIP of the address picked, priced by the shop; Pay sends the full address, email and phone, and its card goes
 * through the test processor, on the same server path as a real wallet.
 */
function Sheet({ wallet, onClose }: { wallet: Wallet; onClose: () => void }) {
  const [contactAt, setContactAt] = useState(0);
  const [cardAt, setCardAt] = useState(0);
  /** The shop's answer for an address of the wallet (by its place in the list). */
  const [priced, setPriced] = useState<{ at: number; sheet?: WalletSheet; problem?: string } | null>(null);
  const [paying, setPaying] = useState(false);
  const contact = TEST_WALLET.contacts[contactAt];
  // Until the address picked is priced, the sheet shows no total.
  const sheet = priced?.at === contactAt ? (priced.sheet ?? null) : null;
  const problem = priced?.at === contactAt ? (priced.problem ?? null) : null;

  // Each address picked is priced by the shop before the sheet shows a total (as Stripe's shippingaddresschange).
  useEffect(() => {
    let current = true;
    const { city, state, postal_code: zip, country } = TEST_WALLET.contacts[contactAt].address;
    wallet
      .quote({ city, state, zip, country })
      .then((answer) => current && setPriced({ at: contactAt, sheet: answer }))
      .catch(
        (error: unknown) =>
          current &&
          setPriced({ at: contactAt, problem: error instanceof ApiError ? error.message : MESSAGES.serverError }),
      );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- priced again when the address changes
  }, [contactAt]);

  async function pay() {
    if (!sheet) return;
    setPaying(true);
    const paid = await wallet.pay(contact, sheet.total, async (intent, from) => {
      try {
        const { paymentIntent } = await confirmTestPayment({
          clientSecret: intent.clientSecret,
          card: cardFor(TEST_WALLET.cards[cardAt].number),
          billingName: from.name,
          receiptEmail: from.email,
        });
        return { ok: paymentIntent.status === 'requires_capture', message: paymentIntent.status };
      } catch (error) {
        return {
          ok: false,
          stopped: error instanceof ApiError && error.code === 'card_attempts_exceeded',
          message: error instanceof ApiError ? error.message : undefined,
        };
      }
    });
    setPaying(false);
    if (!paid.ok) onClose();
  }

  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="test-wallet-title"
        aria-describedby="test-wallet-text"
        className="card dialog test-wallet"
      >
        <h2 id="test-wallet-title">Test wallet</h2>
        <p id="test-wallet-text" className="muted">
          <strong>Test mode:</strong> this stands in for Apple Pay or Google Pay. No real wallet or card is used.
        </p>
        <label>
          Ship to
          <select value={contactAt} onChange={(event) => setContactAt(Number(event.target.value))} disabled={paying}>
            {TEST_WALLET.contacts.map((option, at) => (
              <option key={option.address.line1} value={at}>
                {option.name}, {option.address.city}, {option.address.state} {option.address.postal_code}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pay with
          <select value={cardAt} onChange={(event) => setCardAt(Number(event.target.value))} disabled={paying}>
            {TEST_WALLET.cards.map((card, at) => (
              <option key={card.number} value={at}>
                {card.label}
              </option>
            ))}
          </select>
        </label>
        {problem ? (
          <p role="alert" className="error">
            {problem}
          </p>
        ) : sheet ? (
          <dl className="wallet-sheet" aria-live="polite">
            {sheet.lineItems.map((item) => (
              <div key={item.name}>
                <dt>{item.name}</dt>
                <dd>{formatPrice(item.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>{sheet.shippingRate.displayName}</dt>
              <dd>{formatPrice(sheet.shippingRate.amount)}</dd>
            </div>
            <div className="wallet-total">
              <dt>Total</dt>
              <dd>{formatPrice(sheet.total)}</dd>
            </div>
          </dl>
        ) : (
          <p aria-live="polite">Working out the total…</p>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose} disabled={paying}>
            Cancel
          </button>
          <button type="button" onClick={() => void pay()} disabled={!sheet || paying}>
            {paying ? 'Paying…' : sheet ? `Pay ${formatPrice(sheet.total)}` : 'Pay'}
          </button>
        </div>
      </div>
    </div>
  );
}

export default function TestWallet({ wallet }: { wallet: Wallet }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="wallet-button"
        onClick={() => {
          wallet.clearFailure();
          setOpen(true);
        }}
      >
        Pay with test wallet
      </button>
      {open && <Sheet wallet={wallet} onClose={() => setOpen(false)} />}
    </>
  );
}
