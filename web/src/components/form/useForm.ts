import { useState } from 'react';
import { useActionData, useNavigation, type ActionFunctionArgs } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { checked } from '#shared/schemas/checked';
import type * as z from '#shared/schemas/zod';
import { ApiError } from '../../lib/api';
import { useWrite } from '../../lib/useWrite';
import { fieldLayout } from './field';

/**
 * The one way a form is built (docs/decisions/0156): the page's route action sends it, checked first with the shared
 * schema the server checks it with; the form shows its fields, each with its message beside it, a pending state while
 * the action runs, and the answer (the shop's sentence, and its message per field mapped back beside the field).
 */

/** What a form's route action answers: sent (and what to say), or why not (the shop's words and field messages). */
export type FormAnswer = { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/** A refused write as a form shows it: the shop's sentence, and its message for each field it named. */
export function refused(error: unknown): FormAnswer {
  return {
    ok: false,
    message: error instanceof Error ? error.message : MESSAGES.serverError,
    fields: error instanceof ApiError ? (error.fields ?? {}) : {},
  };
}

/**
 * A form's route action: the JSON the page posted, checked with `schema` (the server's own, so the same messages and
 * no request for what it would refuse), then sent; `sent` is what the form says then.
 */
export function formAction<S extends z.ZodMiniType>(
  schema: S | ((body: unknown) => S),
  send: (body: unknown) => Promise<unknown>,
  sent: string,
) {
  return async ({ request }: ActionFunctionArgs): Promise<FormAnswer> => {
    const body: unknown = await request.json();
    const check = checked(typeof schema === 'function' ? schema(body) : schema, body);
    if (!check.ok) return check;
    try {
      await send(body);
      return { ok: true, message: sent };
    } catch (error) {
      return refused(error);
    }
  };
}

/**
 * A form's state, once: its values (emptied when the action answers that it was sent, then `onSent` runs), whether
 * it is on its way (the router's navigation: the button says so and a second submit is dropped), the answer, the
 * field messages and the field layout (ids `<prefix>-<key>`). `send` posts the body to the page's route action.
 */
export function useForm<Values extends Record<string, string>>(prefix: string, empty: Values, onSent?: () => void) {
  const write = useWrite();
  const navigation = useNavigation();
  const sentAnswer = useActionData<FormAnswer>();
  const [values, setValues] = useState<Values>(empty);
  const sending = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const answer = sending ? undefined : sentAnswer;
  const [answered, setAnswered] = useState(sentAnswer);
  if (answered !== sentAnswer) {
    setAnswered(sentAnswer);
    if (sentAnswer?.ok) {
      setValues(empty);
      onSent?.();
    }
  }
  const fields = answer && !answer.ok ? answer.fields : {};
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [key]: event.target.value });
  const send = (body: Record<string, unknown>) => {
    if (sending) return;
    void write(body as Parameters<typeof write>[0], { method: 'post', encType: 'application/json' });
  };
  return {
    values,
    setValues,
    set,
    sending,
    answer,
    fields,
    field: fieldLayout<Extract<keyof Values, string>>(prefix, fields),
    send,
  };
}
