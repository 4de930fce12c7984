import { useState } from 'react';
import { useActionData, useLocation, useNavigation } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { ApiError } from '../../lib/api';
import { useWrite } from '../../lib/useWrite';
import { fieldLayout } from './field';

/**
 * The one way a form is built (docs/decisions/0156): the page's route action sends it, checked first with the shared
 * schema the server checks it with (`formAction`, action.ts); the form shows its fields, each with its message beside
 * it, a pending state while the action runs, and the answer (the shop's sentence, and its message per field mapped
 * back beside the field).
 */

/** What a form's route action answers: sent (and what to say), or why not (the shop's words and field messages). */
export type FormAnswer = { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/**
 * A refused write as a form shows it: the shop's sentence, and its message for each field it named (`rename` maps a
 * key of the request to the form's, e.g. `shippingAddress.zip` to `zip`).
 */
export function refused(error: unknown, rename: (key: string) => string = (key) => key): FormAnswer & { ok: false } {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  return {
    ok: false,
    message: error instanceof Error ? error.message : MESSAGES.serverError,
    fields: Object.fromEntries(Object.entries(fields).map(([key, text]) => [rename(key), text])),
  };
}

/** What a form reads of its action's answer: done or not, the messages per field, and which write it was. */
export interface Answered {
  ok: boolean;
  fields?: Record<string, string>;
  /** A page with several writes (an admin page) names each (`intent`); a form reads only its own. */
  intent?: string;
}

/** A form of a page with several writes: its write's name, and the page's history state kept (its page trail). */
export interface FormOptions {
  intent?: string;
  keepState?: boolean;
}

/**
 * The router's side of a form, for one whose values live elsewhere (the checkout's, kept for the tab): whether it is
 * on its way (the router's navigation, until the next page is read: the button says so and a second submit is
 * dropped), the action's answer (`sentAnswer`, also while a new one goes; `answer`, none while it goes or once
 * `dismiss`ed), the field messages and the field layout (ids `<prefix>-<key>`). `send` posts the body to the page's
 * route action (with `intent`, only that write's answer and pending state are the form's).
 */
export function useFormSend<Key extends string, Answer extends Answered = FormAnswer>(
  prefix: string,
  { intent, keepState = false }: FormOptions = {},
) {
  const write = useWrite();
  const location = useLocation();
  const navigation = useNavigation();
  const data = (useActionData() as Answer | null | undefined) ?? undefined;
  const sentAnswer = intent === undefined || data?.intent === intent ? data : undefined;
  const [dismissed, setDismissed] = useState<Answer>();
  const going = navigation.json as { intent?: unknown } | undefined;
  const sending =
    navigation.state !== 'idle' &&
    navigation.formMethod !== undefined &&
    (intent === undefined || going?.intent === intent);
  const answer = sending || sentAnswer === dismissed ? undefined : sentAnswer;
  const fields: Record<string, string> = answer && !answer.ok ? (answer.fields ?? {}) : {};
  const send = (body: Record<string, unknown>) => {
    if (sending) return;
    void write((intent === undefined ? body : { ...body, intent }) as Parameters<typeof write>[0], {
      method: 'post',
      encType: 'application/json',
      ...(keepState ? { state: location.state as unknown } : {}),
    });
  };
  /** The last answer put away (the form turned to something else: another code to edit, a new one). */
  const dismiss = () => setDismissed(sentAnswer);
  return { sending, answer, sentAnswer, fields, field: fieldLayout<Key>(prefix, fields), send, dismiss };
}

/**
 * A form's state, once: its values (emptied when the action answers that it was sent; `onSent` runs then, and may
 * answer the values to keep instead, from those sent), and the router's side (useFormSend: pending, answer, field
 * messages, field layout, send). `set(key)` is a text control's onChange; `change` merges a few values (a drawn part's
 * checkbox, a list).
 */
export function useForm<Values extends object, Answer extends Answered = FormAnswer>(
  prefix: string,
  empty: Values,
  onSent?: (sent: Values) => Values | void,
  options?: FormOptions,
) {
  const form = useFormSend<Extract<keyof Values, string>, Answer>(prefix, options);
  const [values, setValues] = useState<Values>(empty);
  const [answered, setAnswered] = useState(form.sentAnswer);
  if (answered !== form.sentAnswer) {
    setAnswered(form.sentAnswer);
    if (form.sentAnswer?.ok) setValues(onSent?.(values) ?? empty);
  }
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [key]: event.target.value });
  const change = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  return { ...form, values, setValues, set, change };
}
