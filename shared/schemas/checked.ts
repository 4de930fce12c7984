import * as z from './zod';

/** What a value checked with a shared schema gives: its parsed data, or why not (one message per field). */
export type Checked<T> = { ok: true; data: T } | { ok: false; message: string; fields: Record<string, string> };

/**
 * Checks a value with a shared schema, in the words both sides use: the server answers a failure with a 400 of these
 * (functions/lib/http.ts `validate`), and a page's form checks with the same schema before it sends
 * (web/src/components/form), so a message beside a field is the same from either. A field's key is its path
 * (`address.zip`); a failure of the whole value is under `_` and is the message.
 */
export function checked<S extends z.ZodMiniType>(schema: S, value: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = parsed.error.issues[0];
  return {
    ok: false,
    message: first?.path.length ? 'Please check the highlighted fields.' : (first?.message ?? 'Invalid request.'),
    fields,
  };
}
