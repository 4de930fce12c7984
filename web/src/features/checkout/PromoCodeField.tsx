import { useId, useState, type FormEvent } from 'react';
import { PROMO_CODE_PATTERN } from '#shared/promo';
import { FormError } from '../../components/FormError';

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
  const id = useId();
  const message = hint ?? error;

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <form className="promo-code" onSubmit={(event) => void submit(event)} aria-label="Apply a promo code">
      <label htmlFor={`${id}-code`}>Promo code</label>
      <div className="promo-code-row">
        <input
          id={`${id}-code`}
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={text}
          disabled={locked}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        <button type="submit" className="secondary" disabled={locked || busy || text.trim() === ''}>
          {busy ? 'Checking…' : 'Apply'}
        </button>
      </div>
      <FormError id={`${id}-error`} message={message} />
    </form>
  );
}
