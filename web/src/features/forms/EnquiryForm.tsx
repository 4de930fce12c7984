import { useState, type FormEvent } from 'react';
import { useActionData, useNavigation, type ActionFunctionArgs } from 'react-router-dom';
import { useWrite } from '../../lib/useWrite';
import { MESSAGES } from '#shared/messages';
import { formSubmittedSchema, type FormKind } from '#shared/schemas/forms';
import { api, ApiError } from '../../lib/api';
import '../../components/forms.css';
import { fieldLayout } from '../../components/formField';

const EMPTY = { name: '', email: '', message: '', items: '', website: '' };

/** What the form's route action answers: sent, or why not (the server's words and field messages). */
type Sent = { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/** The route action of a form page (its `action` export): posts the form's JSON to POST /api/forms/{kind}. */
export const enquiryAction =
  (kind: FormKind) =>
  async ({ request }: ActionFunctionArgs): Promise<Sent> => {
    try {
      await api(`/api/forms/${kind}`, formSubmittedSchema, { body: await request.json() });
      return { ok: true, message: MESSAGES.formSubmitted };
    } catch (error) {
      return {
        ok: false,
        message: error instanceof Error ? error.message : MESSAGES.serverError,
        fields: error instanceof ApiError ? (error.fields ?? {}) : {},
      };
    }
  };

/**
 * The contact, support and quote forms (spec sections 5 and 8): stored by the shop, then mailed to it. Sent through
 * the page's route action (the address stays); sent, the form empties and takes a new submission id (one id per
 * message: a retry of the same one is stored once).
 */
export function EnquiryForm({ kind, title, intro }: { kind: FormKind; title: string; intro: string }) {
  const submitForm = useWrite();
  const navigation = useNavigation();
  const sent = useActionData<Sent>();
  const [values, setValues] = useState(EMPTY);
  const [submissionId, setSubmissionId] = useState(() => crypto.randomUUID());
  const sending = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const answer = sending ? undefined : sent;
  const [answered, setAnswered] = useState(sent);
  if (answered !== sent) {
    setAnswered(sent);
    if (sent?.ok) {
      setValues(EMPTY);
      setSubmissionId(crypto.randomUUID());
    }
  }
  const fields = answer && !answer.ok ? answer.fields : {};
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues({ ...values, [key]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = {
      name: values.name,
      email: values.email,
      message: values.message,
      submissionId,
      website: values.website,
      ...(kind === 'quote' ? { items: values.items } : {}),
    };
    void submitForm(body, { method: 'post', encType: 'application/json' });
  }

  type Key = 'name' | 'email' | 'items' | 'message';
  /** Label, control and the server's message for the field, tied together for screen readers. */
  const field = fieldLayout<Key>(kind, fields);

  return (
    <section className="page narrow enquiry">
      <h1>{title}</h1>
      <p>{intro}</p>
      <form className="stack card" onSubmit={submit}>
        {field('name', 'Name', (a11y) => (
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
        {field('email', 'Email', (a11y) => (
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
        {kind === 'quote' &&
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
        <label className="honeypot" aria-hidden="true">
          Leave this empty
          <input name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
        </label>
        <button type="submit" disabled={sending}>
          {sending ? MESSAGES.sending : 'Send'}
        </button>
        <p role="status" aria-live="polite" className={`form-status ${answer && !answer.ok ? 'error' : 'success'}`}>
          {answer?.message ?? ''}
        </p>
      </form>
    </section>
  );
}
