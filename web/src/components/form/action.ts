import { checked } from '#shared/schemas/checked';
import type * as z from '#shared/schemas/zod';
import type { ActionFunctionArgs } from 'react-router-dom';
import { refused, type FormAnswer } from './useForm';

/**
 * A form's route action (docs/decisions/0156): the JSON the page posted, checked with `schema` (the server's own, so
 * the same messages and no request for what it would refuse), then sent; `sent` is what the form says then. Apart from
 * the form's hooks (useForm.ts) so that a form drawn in the first HTML, or a step whose chunk is kept small, does not
 * load the schemas until it sends.
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
