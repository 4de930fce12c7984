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
