import { MESSAGES } from '../messages';
import { removeUnsafeCharacters, sanitizeText } from '../sanitize';
import * as z from './zod';

/**
 * What the API document says of a typed text field (its JSON Schema `description`); a test reads it to find every
 * text field of every request body (shared/schemas/text.test.ts).
 */
export const TEXT_DESCRIPTION = {
  line: 'Text on one line: control characters and bidi overrides are removed, a line break becomes a space.',
  lines: 'Text: control characters and bidi overrides are removed; line breaks and tabs are kept.',
} as const;

export interface TextOptions {
  /** Most characters, after trimming. */
  max: number;
  /** The message when it is missing or empty (zod's plain words when not given). */
  required?: string;
  /** The message when it is too long. */
  tooLong?: string;
  /** Line breaks kept (a message, a description); otherwise each becomes a space. */
  multiline?: boolean;
  /** Empty text is taken (a field a client may leave blank). */
  empty?: boolean;
}

/**
 * Text a person types that the shop stores or mails: the shared sanitiser's rule first (shared/sanitize.ts
 * removeUnsafeCharacters: control and bidi characters removed), then trimmed, then required and at most `max`. Every
 * text field of a request body is made by this helper (or one built on it), so none can forget the rule.
 */
export function typedText(options: TextOptions) {
  const { max, required, tooLong = `At most ${max} characters.`, multiline = false, empty = false } = options;
  return z.string(required ? { message: required } : undefined).check(
    z.overwrite((value: string) => removeUnsafeCharacters(value, multiline)),
    z.trim(),
    ...(empty ? [] : [required ? z.minLength(1, required) : z.minLength(1)]),
    z.maxLength(max, tooLong),
    z.describe(multiline ? TEXT_DESCRIPTION.lines : TEXT_DESCRIPTION.line),
  );
}

/**
 * Typed text (above: control and bidi characters removed, trimmed, at most `max` characters), then
 * angle brackets and ampersands turned into entities (spec section 5).
 */
export const cleanText = (max = 200, required: string = MESSAGES.profileFieldsRequired, multiline = false) =>
  z.pipe(typedText({ max, required, multiline }), z.transform(sanitizeText));

/**
 * The email address of a shipping address, one rule for the checkout's and a saved profile's: trimmed, at most 200
 * characters, an address. `required` words a missing or empty one (a profile's spec message); otherwise it is
 * simply not an address.
 */
export const shippingEmail = (required?: string) =>
  z.pipe(
    z
      .string(required ? { message: required } : undefined)
      .check(z.trim(), ...(required ? [z.minLength(1, required)] : []), z.maxLength(200)),
    z.email('Please enter a valid email address.'),
  );
