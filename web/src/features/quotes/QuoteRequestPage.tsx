import { useState, type FormEvent } from 'react';
import { MESSAGES } from '#shared/messages';
import { QUOTE_SERVICE_LABEL, QUOTE_SERVICES } from '#shared/quotes';
import { quoteRequestSchema } from '#shared/schemas/quotes';
import { EnquiryTexts, FormStatus, Honeypot, NameEmailFields, Options, SendButton } from '../../components/form/parts';
import { formAction } from '../../components/form/action';
import { useForm } from '../../components/form/useForm';
import { ArtworkPicker, type Artwork } from './ArtworkPicker';
import { QuoteIntro } from './QuoteIntro';
import { requestQuote } from './quotesApi';
import '../../components/form/forms.css';
import './quotes.css';

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

const QUOTE_SENT = 'We mailed you a link to your quote page, where our offer will appear.';

/** The page's route action: the request, checked with the shop's schema, as JSON to POST /api/quotes. */
export const action = formAction(quoteRequestSchema, requestQuote, `${MESSAGES.formSubmitted}. ${QUOTE_SENT}`);

/**
 * /custom-printing (spec: "Quote form", issue 37): the spec's form and texts (name, email, items, message; 'Sending....',
 * 'Form Submitted Successfully', the form resets), with what a printer needs to price a job: the service, how many,
 * by when, and artwork files, each checked by the shop before the request can be sent.
 */
export default function QuoteRequestPage() {
  const [files, setFiles] = useState<Artwork[]>([]);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [waitNote, setWaitNote] = useState('');
  const form = useForm('quote', EMPTY, () => {
    setFiles([]);
    setRequestId(crypto.randomUUID());
  });
  const { values, set, field, fields } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.sending) return;
    // Sent only with checked files: one still being checked waits; refused ones are left out (and said so).
    if (files.some((file) => file.state === 'checking')) return setWaitNote(MESSAGES.artworkNotChecked);
    setWaitNote('');
    form.send({
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
    });
  }

  return (
    <section className="page narrow enquiry">
      <QuoteIntro />
      <form className="stack card" onSubmit={submit}>
        <NameEmailFields field={field} values={values} set={set} />
        {field('service', 'Service', (a11y) => (
          <select {...a11y} name="service" value={values.service} onChange={set('service')}>
            <Options values={QUOTE_SERVICES} label={QUOTE_SERVICE_LABEL} />
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
        <EnquiryTexts field={field} values={values} set={set} withItems />
        <ArtworkPicker files={files} onChange={setFiles} />
        {fields.files && <p className="error">{fields.files}</p>}
        <Honeypot value={values.website} onChange={set('website')} />
        <SendButton sending={form.sending} />
        <FormStatus answer={form.answer} note={waitNote} />
      </form>
    </section>
  );
}
