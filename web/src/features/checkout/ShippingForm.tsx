import type { FormEvent, ReactNode } from 'react';
import { REMINDER_MESSAGES } from '#shared/messages';
import type { ShippingAddress } from '#shared/schemas/address';
import { fieldLayout } from '../../components/form/field';
import { AddressLines, NameEmailFields, SendButton } from '../../components/form/parts';

type Key = keyof ShippingAddress;

interface ShippingFormProps {
  address: ShippingAddress;
  /** A cart of gift cards only: nothing ships, and only the buyer's name and email are asked for. */
  buyerOnly?: boolean;
  /** Absent: the step's first screen (CheckoutShell), drawn before the app runs and inert until it has. */
  onChange?: (address: ShippingAddress) => void;
  onSubmit?: (event: FormEvent) => void;
  onBack?: () => void;
  /** The messages beside the fields: the shared schema's, or the server's mapped back (ShippingStep's action). */
  fieldErrors?: Partial<Record<string, string>>;
  /** A signed-in shopper's saved profiles, above the fields. */
  picker?: ReactNode;
  /** Next is on its way (the router's navigation: useFormSend). */
  /** What sits under the fields, above Back and Next: the shipping rates (RateChoice.tsx) and the marketing box. */
  below?: ReactNode;
  busy?: boolean;
}

/**
 * The Shipping Details form, built of the forms' parts (components/form, docs/decisions/0156): the step's
 * (ShippingStep.tsx) and, without handlers, read-only and inert, its first screen's in the first HTML
 * (CheckoutShell.tsx, docs/decisions/0132), so the form paints before the app runs and the app's own takes its place
 * without moving anything.
 */
export function ShippingForm({
  address,
  buyerOnly = false,
  onChange,
  onSubmit,
  onBack,
  fieldErrors = {},
  picker,
  below,
  busy = false,
}: ShippingFormProps) {
  const shell = !onChange;
  const field = fieldLayout<Key>('ship', fieldErrors);
  const set =
    onChange &&
    ((key: Key) => (event: { target: { value: string } }) => onChange({ ...address, [key]: event.target.value }));
  return (
    <form
      className="stack card"
      onSubmit={onSubmit}
      aria-label={buyerOnly ? 'Your details' : 'Shipping details'}
      inert={shell}
    >
      {picker}
      <NameEmailFields
        field={field}
        values={address}
        set={set}
        labels={{ name: 'Full name', email: 'Email' }}
        emailMax={200}
        // Under the field, not in its label: the field's name stays "Email"; the input points at it.
        emailHint={{ id: 'email-use', text: REMINDER_MESSAGES.shippingNotice }}
      />
      {!buyerOnly && <AddressLines street="line1" field={field} values={address} set={set} />}
      {below}
      <div className="actions">
        <button type="button" className="secondary" onClick={onBack}>
          Back
        </button>
        <SendButton sending={busy} label="Next" sendingLabel="Please wait…" />
      </div>
    </form>
  );
}
