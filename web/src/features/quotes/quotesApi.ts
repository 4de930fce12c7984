import {
  artworkCheckedSchema,
  artworkUploadAnswerSchema,
  quoteOrderSchema,
  quotePaymentSchema,
  quoteRequestedSchema,
  quoteViewSchema,
  type QuoteView,
} from '#shared/schemas/quotes';
import type { ShippingAddress } from '#shared/schemas/address';
import type * as z from '#shared/schemas/zod';
import { accessToken, api, ApiError } from '../../lib/api';
import { MESSAGES } from '#shared/messages';

/** The shopper's quote calls (issue 37): uploads and their checks, the request, and the quote page by its link. */

export type { QuoteView };
export type Checked = z.infer<typeof artworkCheckedSchema>;

/**
 * One artwork file: an upload URL for its name's format and size, the PUT straight to the bucket (the headers it was
 * signed for), then the shop's check of its bytes, which the browser waits for. A refusal is an ApiError in the
 * shop's words.
 */
export async function uploadArtwork(file: File, format: string, signal?: AbortSignal): Promise<Checked> {
  const issued = await api('/api/quote-uploads', artworkUploadAnswerSchema, {
    body: { name: file.name, format, size: file.size },
    signal,
  });
  let put: Response;
  try {
    put = await fetch(issued.uploadUrl, { method: 'PUT', headers: issued.headers, body: file, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', MESSAGES.networkError);
  }
  if (!put.ok)
    throw new ApiError(put.status, 'upload_failed', `“${file.name}” could not be uploaded. Please try again.`);
  return api(`/api/quote-uploads/${issued.uploadId}/check`, artworkCheckedSchema, { method: 'POST', signal });
}

/** The request; a signed-in shopper's token goes with it, so the quote and its order are in their account. */
export const requestQuote = async (body: unknown) =>
  api('/api/quotes', quoteRequestedSchema, { body, auth: Boolean(await accessToken().catch(() => null)) });

const q = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}`;
export const getQuote = (quoteId: string, token: string) =>
  api(`${q(quoteId)}?t=${encodeURIComponent(token)}`, quoteViewSchema);
/** The download of one file: the shop sends the browser on to a one-minute attachment link. */
export const artworkHref = (quoteId: string, fileId: string, token: string) =>
  `${q(quoteId)}/files/${encodeURIComponent(fileId)}?t=${encodeURIComponent(token)}`;
export const sendMessage = (quoteId: string, token: string, text: string, changeRequest: boolean) =>
  api(`${q(quoteId)}/messages`, quoteViewSchema, { body: { token, text, changeRequest } });
export const declineOffer = (quoteId: string, token: string, offerNo: number, reason: string) =>
  api(`${q(quoteId)}/decline`, quoteViewSchema, { body: { token, offerNo, reason } });
export const payOffer = (quoteId: string, token: string, offerNo: number, shippingAddress?: ShippingAddress) =>
  api(`${q(quoteId)}/pay`, quotePaymentSchema, {
    body: { token, offerNo, ...(shippingAddress ? { shippingAddress } : {}) },
  });
export const recordOffer = (quoteId: string, token: string, paymentIntentId: string) =>
  api(`${q(quoteId)}/record`, quoteOrderSchema, { body: { token, paymentIntentId } });
