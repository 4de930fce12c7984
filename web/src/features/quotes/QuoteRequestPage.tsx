import { useState, type FormEvent } from 'react';
import { useActionData, useNavigation, type ActionFunctionArgs } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { QUOTE_SERVICE_LABEL, QUOTE_SERVICES } from '#shared/quotes';
import { ApiError } from '../../lib/api';
import { useWrite } from '../../lib/useWrite';
import { ArtworkPicker, type Artwork } from './ArtworkPicker';
import { QuoteIntro } from './QuoteIntro';
import { requestQuote } from './quotesApi';
import '../../components/forms.css';
import './quotes.css';
import { fieldLayout } from '../../components/formField';

const EMPTY = {
  name: '',
  email: '',
  items: '',
  message: '',
  service: 'printing',
  quantity: '',
  neededBy: '',
  website: '',
};
type Values = typeof EMPTY;
type Sent = { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/** The page's route action: the request as JSON to POST /api/quotes. */
export async function action({ request }: ActionFunctionArgs): Promise<Sent> {
  try {
    await requestQuote(await request.json());
    return { ok: true, message: `${MESSAGES.formSubmitted}. ${QUOTE_SENT}` };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error ? error.message : MESSAGES.serverError,
      fields: error instanceof ApiError ? (error.fields ?? {}) : {},
    };
  }
}
const QUOTE_SENT = 'We mailed you a link to your quote page, where our offer will appear.';

/**
 * /custom-printing (spec: "Quote form", issue 37): the spec's form and texts (name, email, items, message; 'Sending....',
 * 'Form Submitted Successfully', the form resets), with what a printer needs to price a job: the service, how many,
 * by when, and artwork files, each checked by the shop before the request can be sent.
 */
export default function QuoteRequestPage() {
  const submitForm = useWrite();
  const navigation = useNavigation();
  const sent = useActionData<Sent>();
  const [values, setValues] = useState<Values>(EMPTY);
  const [files, setFiles] = useState<Artwork[]>([]);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [waitNote, setWaitNote] = useState('');
  const sending = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const answer = sending ? undefined : sent;
  const [answered, setAnswered] = useState(sent);
  if (answered !== sent) {
    setAnswered(sent);
    if (sent?.ok) {
      setValues(EMPTY);
      setFiles([]);
      setRequestId(crypto.randomUUID());
    }
  }
  const fields = answer && !answer.ok ? answer.fields : {};
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [key]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    // Sent only with checked files: one still being checked waits; refused ones are left out (and said so).
    if (files.some((file) => file.state === 'checking')) return setWaitNote(MESSAGES.artworkNotChecked);
    setWaitNote('');
    const body = {
      name: values.name,
      email: values.email,
      items: values.items,
      message: values.message,
      service: values.service,
      quantity: Number(values.quantity),
      ...(values.neededBy ? { neededBy: values.neededBy } : {}),
      files: files.flatMap((file) => (file.state === 'ready' ? [file.checked.uploadId] : [])),
      requestId,
      website: values.website,
    };
    void submitForm(body, { method: 'post', encType: 'application/json' });
  }

  const field = fieldLayout('quote', fields);

  return (
    <section className="page narrow enquiry">
      <QuoteIntro />
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
        {field('service', 'Service', (a11y) => (
          <select {...a11y} name="service" value={values.service} onChange={set('service')}>
            {QUOTE_SERVICES.map((service) => (
              <option key={service} value={service}>
                {QUOTE_SERVICE_LABEL[service]}
              </option>
            ))}
          </select>
        ))}
        <div className="two-cols">
          {field('quantity', 'Quantity', (a11y) => (
            <input
              {...a11y}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={10000}
              required
              value={values.quantity}
              onChange={set('quantity')}
            />
          ))}
          {field('neededBy', 'Needed by (optional)', (a11y) => (
            <input {...a11y} name="neededBy" type="date" value={values.neededBy} onChange={set('neededBy')} />
          ))}
        </div>
        {field('items', 'Items', (a11y) => (
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
        <ArtworkPicker files={files} onChange={setFiles} />
        {fields.files && <p className="error">{fields.files}</p>}
        <label className="honeypot" aria-hidden="true">
          Leave this empty
          <input name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
        </label>
        <button type="submit" disabled={sending}>
          {sending ? MESSAGES.sending : 'Send'}
        </button>
        <p
          role="status"
          aria-live="polite"
          className={`form-status ${waitNote || (answer && !answer.ok) ? 'error' : 'success'}`}
        >
          {waitNote || answer?.message || ''}
        </p>
      </form>
    </section>
  );
}
