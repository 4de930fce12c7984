import { createHash } from 'node:crypto';

/**
 * The photo id of a spreadsheet's photo, from its bytes (SHA-256, written as a UUID): the same photo sent twice (a
 * retry, the same zip again, two products naming one file) is made once and named the same, so an import run twice
 * changes nothing (docs/decisions/0151). Uploads from the product form keep their random ids.
 */
export function photoIdOf(bytes: Buffer): string {
  const hex = createHash('sha256').update(bytes).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
