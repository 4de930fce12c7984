import type { InputHTMLAttributes, ReactNode } from 'react';

/** What a field's control carries: its id, and when the shop refused it, the link to its message (and its hint). */
export type FieldA11y = Record<string, string | boolean | undefined>;

/** A line of help under a field (its id is the control's description, e.g. what an email is used for). */
export interface FieldHint {
  id: string;
  text: ReactNode;
}

/** A form's field maker (fieldLayout's answer): `field(key, label, control, hint?)`. */
export type Field<Key extends string> = (
  key: Key,
  label: string,
  control: (a11y: FieldA11y) => ReactNode,
  hint?: FieldHint,
) => ReactNode;

/**
 * The forms' one field layout: a label, the control, the shop's message for it under it, then its hint if any (ids
 * `<prefix>-<key>` and `<prefix>-<key>-error`, so two forms on a page never share one). Static markup: the first HTML
 * draws a form with it too (checkout's ShippingForm, docs/decisions/0132).
 */
export const fieldLayout =
  <Key extends string>(prefix: string, errors: Partial<Record<string, string>>): Field<Key> =>
  (key, label, control, hint) => {
    const error = errors[key] ? `${prefix}-${key}-error` : '';
    return (
      <div className="field">
        <label htmlFor={`${prefix}-${key}`}>{label}</label>
        {control({
          id: `${prefix}-${key}`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': [error, hint?.id ?? ''].filter(Boolean).join(' ') || undefined,
        })}
        {error && (
          <span className="error field-error" id={error}>
            {errors[key]}
          </span>
        )}
        {hint && (
          <p id={hint.id} className="hint">
            {hint.text}
          </p>
        )}
      </div>
    );
  };

/** A field's plain input (`field(key, label, input({...}))`): the attributes given, with the field's id and messages. */
export const input = (attributes: InputHTMLAttributes<HTMLInputElement>) => (a11y: FieldA11y) => (
  <input {...a11y} {...attributes} />
);

/**
 * A drawn part's props for a field's message (Amplify UI's fields on the admin pages: `hasError`, `errorMessage`), so
 * a form of those parts shows the messages beside its fields as fieldLayout does.
 */
export const drawnField =
  (errors: Partial<Record<string, string>>) =>
  (name: string): { name: string; hasError: boolean; errorMessage?: string } => ({
    name,
    hasError: Boolean(errors[name]),
    errorMessage: errors[name],
  });
