import { Fragment, type FormEvent, type ReactNode } from 'react';
import { REMINDER_MESSAGES } from '#shared/messages';
import type { ShippingAddress } from '#shared/schemas/address';

const FIELDS: { key: keyof ShippingAddress; label: string; type?: string; autoComplete: string }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

/** What a cart of gift cards only asks for: the buyer's name and email (issue 50 item 9). */
const BUYER_FIELDS = new Set<keyof ShippingAddress>(['name', 'email']);

interface ShippingFormProps {
  address: ShippingAddress;
  /** A cart of gift cards only: nothing ships, and only the buyer's name and email are asked for. */
  buyerOnly?: boolean;
  /** Absent: the step's first screen (CheckoutShell), drawn before the app runs and inert until it has. */
  onChange?: (address: ShippingAddress) => void;
  onSubmit?: (event: FormEvent) => void;
  onBack?: () => void;
  fieldErrors?: Partial<Record<string, string>>;
  /** A signed-in shopper's saved profiles, above the fields. */
  picker?: ReactNode;
  /** The shipping rates to choose from (RateChoice.tsx), below the fields. */
  rates?: ReactNode;
  busy?: boolean;
}

/**
 * The Shipping Details form: the step's (ShippingStep.tsx) and, without handlers and inert, its first screen's in the
 * first HTML (CheckoutShell.tsx, docs/decisions/0132), so the form paints before the app runs and the app's own
 * takes its place without moving anything.
 */
export function ShippingForm({
  address,
  buyerOnly = false,
  onChange,
  onSubmit,
  onBack,
  fieldErrors = {},
  picker,
  rates,
  busy,
}: ShippingFormProps) {
  const shell = !onChange;
  return (
    <form
      className="stack card"
      onSubmit={onSubmit}
      aria-label={buyerOnly ? 'Your details' : 'Shipping details'}
      inert={shell}
    >
      {picker}
      {FIELDS.filter((field) => !buyerOnly || BUYER_FIELDS.has(field.key)).map((field) => (
        <Fragment key={field.key}>
          <label>
            {field.label}
            <input
              name={field.key}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              required
              maxLength={200}
              value={address[field.key]}
              readOnly={shell}
              onChange={onChange && ((e) => onChange({ ...address, [field.key]: e.target.value }))}
              aria-invalid={fieldErrors[field.key] ? true : undefined}
              aria-describedby={
                [fieldErrors[field.key] ? `${field.key}-error` : '', field.key === 'email' ? 'email-use' : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {fieldErrors[field.key] && (
              <span id={`${field.key}-error`} className="error">
                {fieldErrors[field.key]}
              </span>
            )}
          </label>
          {/* Outside the label: the field's name stays "Email"; the input points at it (aria-describedby). */}
          {field.key === 'email' && (
            <p id="email-use" className="hint">
              {REMINDER_MESSAGES.shippingNotice}
            </p>
          )}
        </Fragment>
      ))}
      {rates}
      <div className="actions">
        <button type="button" className="secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" disabled={busy}>
          {busy ? 'Please wait…' : 'Next'}
        </button>
      </div>
    </form>
  );
}
