/**
 * The one rule for text a person typed that the shop stores or mails (docs/decisions/0093): C0 control characters
 * except tab and line feed, DEL, C1 controls (U+0080-U+009F), and the bidi embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069) are removed. A line break (CR LF, CR, LF) is one line feed in a multi-line field and
 * a space in a one-line field. The shared text schemas (shared/schemas/text.ts) apply it to every such field.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this rule removes
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
export function removeUnsafeCharacters(value: string, multiline = false): string {
  const lines = value.replace(/\r\n?/g, '\n');
  return (multiline ? lines : lines.replace(/\n/g, ' ')).replace(UNSAFE_CHARACTERS, '');
}

/** Trims and turns angle brackets and ampersands into entities (spec section 5). */
export function sanitizeText(value: string): string {
  return value.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text made safe inside HTML markup or a quoted attribute (the crawler pages, the HTML part of mails). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Shows sanitised text as the user typed it. React escapes on render, so this never creates markup. */
export function unescapeText(value: string): string {
  return value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
