import { useState } from 'react';
import { PROMO_CODE_PATTERN } from '#shared/promo';
import { CodeForm } from './CodeForm';

const CODE_HINT = 'A promo code is 3 to 32 letters, digits or dashes.';

/**
 * The cart's "Promo code" field in Order Details (issue 13): Apply asks the server what the code takes off; an
 * applied code shows what it is, with Remove. Locked (no Remove) once the card step has priced the order.
 */
export function PromoCodeField({
  applied,
  note,
  locked,
  error,
  onApply,
  onRemove,
}: {
  applied: { code: string; description: string } | null;
  /** A sentence under an applied code (its discount could not be checked for this cart). */
  note?: string | null;
  locked: boolean;
  error: string | null;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const message = hint ?? error;

  async function submit() {
    const code = text.trim();
    if (!PROMO_CODE_PATTERN.test(code)) {
      setHint(CODE_HINT);
      return;
    }
    setHint(null);
    setBusy(true);
    if (await onApply(code)) setText('');
    setBusy(false);
  }

  if (applied) {
    return (
      <div className="promo-code applied" aria-live="polite">
        <p>
          Promo code <strong className="promo-code-name">{applied.code}</strong>: {applied.description}
          {note && <span className="promo-code-note">{note}</span>}
        </p>
        {!locked && (
          <button
            type="button"
            className="secondary small"
            onClick={onRemove}
            aria-label={`Remove promo code ${applied.code}`}
          >
            Remove
          </button>
        )}
      </div>
    );
  }
  return (
    <CodeForm
      label="Promo code"
      formLabel="Apply a promo code"
      name="promoCode"
      maxLength={32}
      text={text}
      onText={setText}
      busy={busy}
      locked={locked}
      message={message}
      onSubmit={() => void submit()}
    />
  );
}
