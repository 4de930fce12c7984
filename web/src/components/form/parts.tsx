import { MESSAGES } from '#shared/messages';
import type { Field } from './field';
import type { FormAnswer } from './useForm';

/** The name and email every enquiry asks for (contact, support, quote, gift card): one block, the same limits. */
export function NameEmailFields({
  field,
  values,
  set,
  labels = { name: 'Name', email: 'Email' },
}: {
  field: Field<'name' | 'email'>;
  values: { name: string; email: string };
  set: (key: 'name' | 'email') => (event: { target: { value: string } }) => void;
  labels?: { name: string; email: string };
}) {
  return (
    <>
      {field('name', labels.name, (a11y) => (
        <input
          {...a11y}
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          value={values.name}
          onChange={set('name')}
        />
      ))}
      {field('email', labels.email, (a11y) => (
        <input
          {...a11y}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={set('email')}
        />
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

/** The form's button: "Sending...." and disabled while the form is on its way. */
export function SendButton({ sending, label = 'Send' }: { sending: boolean; label?: string }) {
  return (
    <button type="submit" disabled={sending}>
      {sending ? MESSAGES.sending : label}
    </button>
  );
}

/** The form's answer, announced politely: what was sent, or why not; `note` (a local hint) goes first. */
export function FormStatus({ answer, note = '' }: { answer: FormAnswer | undefined; note?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`form-status ${note || (answer && !answer.ok) ? 'error' : 'success'}`}
    >
      {note || answer?.message || ''}
    </p>
  );
}
