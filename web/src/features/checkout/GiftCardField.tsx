import { useState } from 'react';
import { canonicalCode, formatCode } from '#shared/gift-cards';
import { formatPrice } from '#shared/money';
import { CodeForm } from './CodeForm';

const CODE_HINT = 'A gift card code is 20 letters and digits, like ABCD-EFGH-JKMN-PQRS-TV23.';

/**
 * The card step's "Gift card" field (issue 36, docs/decisions/0126): Apply asks the shop to price the checkout again
 * with the card, which pays what it holds (never more than the total); the card pays the rest. An applied card shows
 * its last four, what it pays and what stays on it, with Remove.
 */
export function GiftCardField({
  applied,
  locked,
  error,
  onApply,
  onRemove,
}: {
  applied: { last4: string; amount: number; balance: number } | null;
  locked: boolean;
  error: string | null;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const message = hint ?? error;

  async function submit() {
    const code = canonicalCode(text);
    if (!code) {
      setHint(CODE_HINT);
      return;
    }
    setHint(null);
    setBusy(true);
    if (await onApply(formatCode(code))) setText('');
    setBusy(false);
  }

  if (applied) {
    const left = applied.balance - applied.amount;
    return (
      <div className="promo-code applied gift-card-applied" aria-live="polite">
        <p>
          Gift card ending <strong className="promo-code-name">{applied.last4}</strong> pays{' '}
          <strong>{formatPrice(applied.amount)}</strong>
          <span className="promo-code-note">
            {left > 0 ? `${formatPrice(left)} stays on the card.` : 'Nothing stays on the card.'}
          </span>
        </p>
        {!locked && (
          <button
            type="button"
            className="secondary small"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onRemove().finally(() => setBusy(false));
            }}
            aria-label={`Remove gift card ending ${applied.last4}`}
          >
            Remove
          </button>
        )}
      </div>
    );
  }
  return (
    <CodeForm
      label="Gift card"
      formLabel="Pay with a gift card"
      name="giftCardCode"
      maxLength={40}
      placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
      text={text}
      onText={setText}
      busy={busy}
      locked={locked}
      message={message}
      onSubmit={() => void submit()}
    />
  );
}
