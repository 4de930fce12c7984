import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { formSubmittedSchema, type FormKind } from '../../../../shared/schemas/forms';
import { api, ApiError } from '../../lib/api';
import './forms.css';

const EMPTY = { name: '', email: '', message: '', items: '', website: '' };

/** The contact, support and quote forms (spec sections 5 and 8): stored by the shop, then mailed to it. */
export function EnquiryForm({ kind, title, intro }: { kind: FormKind; title: string; intro: string }) {
  const [values, setValues] = useState(EMPTY);
  const [submissionId, setSubmissionId] = useState(() => crypto.randomUUID());
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    setFields({});
    try {
      const body = { name: values.name, email: values.email, message: values.message, submissionId, website: values.website, ...(kind === 'quote' ? { items: values.items } : {}) };
      await api(`/api/forms/${kind}`, formSubmittedSchema, { body });
      setValues(EMPTY);
      setSubmissionId(crypto.randomUUID());
      setMessage(MESSAGES.formSubmitted);
      setState('sent');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : MESSAGES.serverError);
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setState('failed');
    }
  }

  type Key = 'name' | 'email' | 'items' | 'message';
  /** Label, control and the server's message for the field, tied together for screen readers. */
  const field = (key: Key, label: string, control: (a11y: Record<string, string | boolean | undefined>) => ReactNode) => (
    <div className="field">
      <label htmlFor={`${kind}-${key}`}>{label}</label>
      {control({ id: `${kind}-${key}`, 'aria-invalid': fields[key] ? true : undefined, 'aria-describedby': fields[key] ? `${kind}-${key}-error` : undefined })}
      {fields[key] && (
        <span className="error field-error" id={`${kind}-${key}-error`}>
          {fields[key]}
        </span>
      )}
    </div>
  );

  return (
    <section className="page narrow enquiry">
      <h1>{title}</h1>
      <p>{intro}</p>
      <form className="stack card" onSubmit={(event) => void submit(event)}>
        {field('name', 'Name', (a11y) => (
          <input {...a11y} name="name" autoComplete="name" required maxLength={200} value={values.name} onChange={set('name')} />
        ))}
        {field('email', 'Email', (a11y) => (
          <input {...a11y} name="email" type="email" autoComplete="email" required maxLength={254} value={values.email} onChange={set('email')} />
        ))}
        {kind === 'quote' &&
          field('items', 'Items', (a11y) => <textarea {...a11y} name="items" required maxLength={2000} rows={3} placeholder="e.g. 40 tees, 10 hoodies" value={values.items} onChange={set('items')} />)}
        {field('message', 'Message', (a11y) => (
          <textarea {...a11y} name="message" required maxLength={5000} rows={6} value={values.message} onChange={set('message')} />
        ))}
        <label className="honeypot" aria-hidden="true">
          Leave this empty
          <input name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
        </label>
        <button type="submit" disabled={state === 'sending'}>
          {state === 'sending' ? MESSAGES.sending : 'Send'}
        </button>
        <p role="status" aria-live="polite" className={`form-status ${state === 'failed' ? 'error' : 'success'}`}>
          {state === 'sent' || state === 'failed' ? message : ''}
        </p>
      </form>
    </section>
  );
}
