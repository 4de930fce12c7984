import type { ReactNode } from 'react';

/** What a field's control carries: its id, and when the shop refused it, the link to its message. */
export type FieldA11y = Record<string, string | boolean | undefined>;

/**
 * The forms' one field layout: a label, the control, and the shop's message for it under it (ids
 * `<prefix>-<key>` and `<prefix>-<key>-error`, so two forms on a page never share one).
 */
/** A form's field maker (fieldLayout's answer): `field(key, label, control)`. */
export type Field<Key extends string> = (key: Key, label: string, control: (a11y: FieldA11y) => ReactNode) => ReactNode;

export const fieldLayout =
  <Key extends string>(prefix: string, errors: Partial<Record<string, string>>) =>
  (key: Key, label: string, control: (a11y: FieldA11y) => ReactNode) => (
    <div className="field">
      <label htmlFor={`${prefix}-${key}`}>{label}</label>
      {control({
        id: `${prefix}-${key}`,
        'aria-invalid': errors[key] ? true : undefined,
        'aria-describedby': errors[key] ? `${prefix}-${key}-error` : undefined,
      })}
      {errors[key] && (
        <span className="error field-error" id={`${prefix}-${key}-error`}>
          {errors[key]}
        </span>
      )}
    </div>
  );
