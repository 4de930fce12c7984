import { Fragment, type ReactNode } from 'react';
import { MESSAGES } from '#shared/messages';
import type { Field, FieldHint } from './field';

/** How a part's fields are typed into: `set(key)` is a control's onChange; none, the part is drawn read-only. */
type Setter<Key extends string> = ((key: Key) => (event: { target: { value: string } }) => void) | undefined;
const typing = <Key extends string>(set: Setter<Key>, key: Key) => (set ? { onChange: set(key) } : { readOnly: true });

/**
 * The name and email every form asks for (contact, support, quote, the checkout's details, a shipping profile): one
 * block, the same limits. `required` marks them so for the browser (a shipping profile leaves its own check to Save);
 * `emailHint` says under the email what it is used for; without `set` they are drawn read-only (a first HTML's form).
 */
export function NameEmailFields({
  field,
  values,
  set,
  labels = { name: 'Name', email: 'Email' },
  required = true,
  emailMax = 254,
  emailHint,
}: {
  field: Field<'name' | 'email'>;
  values: { name: string; email: string };
  set: Setter<'name' | 'email'>;
  labels?: { name: string; email: string };
  required?: boolean;
  emailMax?: number;
  emailHint?: FieldHint;
}) {
  return (
    <>
      {field('name', labels.name, (a11y) => (
        <input
          {...a11y}
          name="name"
          autoComplete="name"
          required={required}
          maxLength={200}
          value={values.name}
          {...typing(set, 'name')}
        />
      ))}
      {field(
        'email',
        labels.email,
        (a11y) => (
          <input
            {...a11y}
            name="email"
            type="email"
            autoComplete="email"
            required={required}
            maxLength={emailMax}
            value={values.email}
            {...typing(set, 'email')}
          />
        ),
        emailHint,
      )}
    </>
  );
}

/** The lines of a US address after the name: street, city, state, ZIP. */
export type AddressKey<Street extends string> = Street | 'city' | 'state' | 'zip';

/**
 * The lines of a US address, one block for the checkout's details (`street` is `line1`) and a shipping profile's
 * (`address`): the same labels, limits and autocomplete. As NameEmailFields for `required` and `set`.
 */
export function AddressLines<Street extends 'line1' | 'address'>({
  street,
  field,
  values,
  set,
  required = true,
}: {
  street: Street;
  field: Field<AddressKey<Street>>;
  values: Record<AddressKey<Street>, string>;
  set: Setter<AddressKey<Street>>;
  required?: boolean;
}) {
  const lines: [AddressKey<Street>, string, string][] = [
    [street, 'Address', 'address-line1'],
    ['city', 'City', 'address-level2'],
    ['state', 'State', 'address-level1'],
    ['zip', 'ZIP code', 'postal-code'],
  ];
  return (
    <>
      {lines.map(([key, label, autoComplete]) => (
        <Fragment key={key}>
          {field(key, label, (a11y) => (
            <input
              {...a11y}
              name={key}
              autoComplete={autoComplete}
              required={required}
              maxLength={200}
              value={values[key]}
              {...typing(set, key)}
            />
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** A select's options: each of `values`, shown by its `label` (a drawn part's select takes them too). */
export function Options<Value extends string>({
  values,
  label,
}: {
  values: readonly Value[];
  label: Record<Value, string>;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label[value]}
        </option>
      ))}
    </>
  );
}

/** An enquiry's texts: the items wanted (a quote's; `withItems`), then the message. */
export function EnquiryTexts({
  field,
  values,
  set,
  withItems,
}: {
  field: Field<'items' | 'message'>;
  values: { items: string; message: string };
  set: (key: 'items' | 'message') => (event: { target: { value: string } }) => void;
  withItems: boolean;
}) {
  return (
    <>
      {withItems &&
        field('items', 'Items', (a11y) => (
          <textarea
            {...a11y}
            name="items"
            required
            maxLength={2000}
            rows={3}
            placeholder="e.g. 40 tees, 10 hoodies"
            value={values.items}
            onChange={set('items')}
          />
        ))}
      {field('message', 'Message', (a11y) => (
        <textarea
          {...a11y}
          name="message"
          required
          maxLength={5000}
          rows={6}
          value={values.message}
          onChange={set('message')}
        />
      ))}
    </>
  );
}

/** The hidden field people never fill (bots do, and are answered politely, not stored). */
export function Honeypot({
  value,
  onChange,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <label className="honeypot" aria-hidden="true">
      Leave this empty
      <input name="website" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
    </label>
  );
}

/**
 * The form's button: while the form is on its way it says so (`sendingLabel`, the spec's "Sending...." unless the form
 * has its own words) and is disabled; `disabled` holds it for another reason (another write of the page on its way).
 */
export function SendButton({
  sending,
  label = 'Send',
  sendingLabel = MESSAGES.sending,
  disabled = false,
}: {
  sending: boolean;
  label?: string;
  sendingLabel?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" disabled={sending || disabled}>
      {sending ? sendingLabel : label}
    </button>
  );
}

/**
 * The form's answer, announced politely: what was done, or why not; `note` (a local hint) goes first; `children` follow
 * the words (a link onwards).
 */
export function FormStatus({
  answer,
  note = '',
  children,
}: {
  answer: { ok: boolean; message: string } | undefined;
  note?: string;
  children?: ReactNode;
}) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`form-status ${note || (answer && !answer.ok) ? 'error' : 'success'}`}
    >
      {note || answer?.message || ''}
      {children && <> {children}</>}
    </p>
  );
}
