import { useId, type FormEvent } from 'react';
import { FormError } from '../../components/FormError';

/**
 * A code's field with Apply, as Order Details' promo code and the card step's gift card both ask for one: the label,
 * the input (no autocomplete, capitals, no spell check), Apply (Checking… while asked) and the reason under it.
 */
export function CodeForm({
  label,
  formLabel,
  name,
  maxLength,
  placeholder,
  text,
  onText,
  busy,
  locked,
  message,
  onSubmit,
}: {
  label: string;
  formLabel: string;
  name: string;
  maxLength: number;
  placeholder?: string;
  text: string;
  onText: (text: string) => void;
  busy: boolean;
  locked: boolean;
  message: string | null;
  onSubmit: () => void;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="promo-code" onSubmit={submit} aria-label={formLabel}>
      <label htmlFor={`${id}-code`}>{label}</label>
      <div className="promo-code-row">
        <input
          id={`${id}-code`}
          name={name}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxLength}
          placeholder={placeholder}
          value={text}
          disabled={locked}
          onChange={(event) => onText(event.target.value)}
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
