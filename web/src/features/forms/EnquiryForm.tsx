import { useState, type FormEvent } from 'react';
import { MESSAGES } from '#shared/messages';
import { contactFormSchema, formSubmittedSchema, quoteFormSchema, type FormKind } from '#shared/schemas/forms';
import { api } from '../../lib/api';
import '../../components/form/forms.css';
import { EnquiryTexts, FormStatus, Honeypot, NameEmailFields, SendButton } from '../../components/form/parts';
import { formAction } from '../../components/form/action';
import { useForm } from '../../components/form/useForm';

const EMPTY = { name: '', email: '', message: '', items: '', website: '' };

/** The route action of a form page (its `action` export): posts the form's JSON to POST /api/forms/{kind}. */
export const enquiryAction = (kind: FormKind) =>
  formAction(
    kind === 'quote' ? quoteFormSchema : contactFormSchema,
    (body) => api(`/api/forms/${kind}`, formSubmittedSchema, { body }),
    MESSAGES.formSubmitted,
  );

/**
 * The contact, support and quote forms (spec sections 5 and 8): stored by the shop, then mailed to it. Sent through
 * the page's route action (the address stays); sent, the form empties and takes a new submission id (one id per
 * message: a retry of the same one is stored once).
 */
export function EnquiryForm({ kind, title, intro }: { kind: FormKind; title: string; intro: string }) {
  const [submissionId, setSubmissionId] = useState(() => crypto.randomUUID());
  const form = useForm(kind, EMPTY, () => setSubmissionId(crypto.randomUUID()));
  const { values, set, field } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.send({
      name: values.name,
      email: values.email,
      message: values.message,
      submissionId,
      website: values.website,
      ...(kind === 'quote' ? { items: values.items } : {}),
    });
  }

  return (
    <section className="page narrow enquiry">
      <h1>{title}</h1>
      <p>{intro}</p>
      <form className="stack card" onSubmit={submit}>
        <NameEmailFields field={field} values={values} set={set} />
        <EnquiryTexts field={field} values={values} set={set} withItems={kind === 'quote'} />
        <Honeypot value={values.website} onChange={set('website')} />
        <SendButton sending={form.sending} />
        <FormStatus answer={form.answer} />
      </form>
    </section>
  );
}
