/** Errors a handler throws to answer with a status; the error middleware turns them into the one error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries besides (a 429's `Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'validation_failed', message, fields);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const tooLarge = (message = 'The request body is too large.') =>
  new HttpError(413, 'payload_too_large', message);
/** A body route (its entry has a JSON `body` schema) sent something other than JSON: docs/decisions/0092. */
export const unsupportedMediaType = (message = 'Send this as JSON (Content-Type: application/json).') =>
  new HttpError(415, 'unsupported_media_type', message);
