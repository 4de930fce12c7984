import {
  adminMessageBodySchema,
  adminQuoteSchema,
  adminQuotesQuerySchema,
  adminQuotesSchema,
  artworkCheckedSchema,
  artworkIdSchema,
  artworkLinkSchema,
  artworkUploadAnswerSchema,
  artworkUploadRequestSchema,
  offerBodySchema,
  quoteDeclineBodySchema,
  quoteIdSchema,
  quoteMessageBodySchema,
  quotePayBodySchema,
  quotePaymentSchema,
  quoteOrderSchema,
  quoteRecordBodySchema,
  quoteRequestedSchema,
  quoteRequestSchema,
  quoteStatusBodySchema,
  quoteTokenQuerySchema,
  quoteViewSchema,
} from '../schemas/quotes';
import type { RouteDef } from './types';

const NO_QUOTE = 'No quote has this id';
/** A quote link refused: every route a quote's link opens. */
const NO_SUCH_QUOTE = 'The link is not one the shop made for this quote, or it has expired (one answer for both)';

/**
 * Quotes for custom printing and design (issue 37, docs/decisions/0112..0115): the shopper's request with artwork,
 * their quote page by its signed link (read, files, messages, decline, pay), and the owner's Quotes area.
 */
export const QUOTE_ROUTES = [
  {
    method: 'POST',
    path: '/api/quote-uploads',
    handler: 'quotes/create-artwork-upload',
    access: 'public',
    rateLimit: 'quote-uploads',
    table: 'readwrite',
    uses: ['s3'],
    body: artworkUploadRequestSchema,
    answer: artworkUploadAnswerSchema,
    success: [201],
    summary: "A presigned PUT for one artwork file into the bucket's private holding prefix (kept 2 days unless sent)",
  },
  {
    method: 'POST',
    path: '/api/quote-uploads/{uploadId}/check',
    handler: 'quotes/check-artwork',
    access: 'public',
    rateLimit: 'quote-uploads',
    table: 'readwrite',
    uses: ['s3'],
    // The preview of a PNG or JPEG is made with sharp.
    native: ['sharp'],
    params: { uploadId: artworkIdSchema },
    answer: artworkCheckedSchema,
    refusals: {
      400:
        'The file is not what its name says (its type is read from its bytes), or it was never uploaded; ' +
        'it is deleted',
      404: 'The shop issued no upload with this id (or more than 2 days ago)',
    },
    summary:
      "Copies one uploaded file to a key no upload link names and reads that copy's type from its bytes " +
      "and its size: the verdict is the copy's; a file that is not what it says is deleted",
  },
  {
    method: 'POST',
    path: '/api/quotes',
    handler: 'quotes/request-quote',
    access: 'public',
    rateLimit: 'quotes',
    table: 'readwrite',
    uses: ['s3', 'ses', 'links'],
    body: quoteRequestSchema,
    answer: quoteRequestedSchema,
    success: [200, 201],
    refusals: {
      400:
        'A file that was not uploaded and checked, or is already part of another request ' +
        '(of two naming one file at once, one takes it)',
    },
    summary:
      "A quote request (the spec's form, service, quantity, date, checked files): " +
      'stored once per requestId, mailed to the shop, and acknowledged to the shopper with a link to their ' +
      'quote page',
  },
  {
    method: 'GET',
    path: '/api/quotes/{quoteId}',
    handler: 'quotes/get-quote',
    access: 'public',
    rateLimit: 'quote-pages',
    table: 'readwrite',
    uses: ['links'],
    params: { quoteId: quoteIdSchema },
    query: quoteTokenQuerySchema,
    answer: quoteViewSchema,
    refusals: { 404: NO_SUCH_QUOTE },
    summary: "?t= the signed link's token -> the quote: request, files, status, offer, messages, order",
  },
  {
    method: 'GET',
    path: '/api/quotes/{quoteId}/files/{fileId}',
    handler: 'quotes/download-artwork',
    access: 'public',
    rateLimit: 'quote-pages',
    table: 'read',
    uses: ['s3', 'links'],
    params: { quoteId: quoteIdSchema, fileId: artworkIdSchema },
    query: quoteTokenQuerySchema,
    success: [303],
    refusals: { 404: NO_SUCH_QUOTE },
    summary:
      '?t= -> 303 to a one-minute download of one artwork file, always as an attachment of type ' +
      'application/octet-stream, named with the extension of its checked format',
  },
  {
    method: 'POST',
    path: '/api/quotes/{quoteId}/messages',
    handler: 'quotes/send-shopper-message',
    access: 'public',
    rateLimit: 'quote-pages',
    table: 'readwrite',
    uses: ['ses', 'links'],
    params: { quoteId: quoteIdSchema },
    body: quoteMessageBodySchema,
    answer: quoteViewSchema,
    success: [201],
    refusals: {
      404: NO_SUCH_QUOTE,
      409: 'The quote is done or declined (`quote_closed`); an expired offer’s quote takes messages',
    },
    summary: 'A message to the shop, or a change asked for (the owner answers with a new offer); mailed to the shop',
  },
  {
    method: 'POST',
    path: '/api/quotes/{quoteId}/decline',
    handler: 'quotes/decline-offer',
    access: 'public',
    rateLimit: 'quote-pages',
    table: 'readwrite',
    uses: ['ses', 'links'],
    params: { quoteId: quoteIdSchema },
    body: quoteDeclineBodySchema,
    answer: quoteViewSchema,
    refusals: { 404: NO_SUCH_QUOTE, 409: 'The offer was replaced, paid or has expired' },
    summary: 'The shopper declines the offer; a payment started on it is cancelled, never captured',
  },
  {
    method: 'POST',
    path: '/api/quotes/{quoteId}/pay',
    handler: 'quotes/pay-offer',
    access: 'public',
    rateLimit: 'payment-intents',
    table: 'readwrite',
    uses: ['stripe', 'links'],
    params: { quoteId: quoteIdSchema },
    body: quotePayBodySchema,
    answer: quotePaymentSchema,
    refusals: {
      400: 'The offer ships something and no shipping address was sent',
      404: NO_SUCH_QUOTE,
      409:
        'The offer was replaced by a newer one, has expired, was declined or is paid already; ' +
        'a stocked line is out of stock',
    },
    summary:
      'Accepts the offer: prices it (tax by the address; design work none) ' +
      'and answers the card payment to confirm, one per offer (two tabs share it)',
  },
  {
    method: 'POST',
    path: '/api/quotes/{quoteId}/record',
    handler: 'quotes/record-offer-order',
    access: 'public',
    rateLimit: 'order-recording',
    table: 'readwrite',
    uses: ['stripe', 'ses', 'links'],
    params: { quoteId: quoteIdSchema },
    body: quoteRecordBodySchema,
    answer: quoteOrderSchema,
    success: [200, 201],
    refusals: {
      404: NO_SUCH_QUOTE,
      409:
        'The card was not authorized; the offer was replaced, declined or expired meanwhile ' +
        '(`offer_replaced`, `offer_declined`, `offer_expired`: the authorization is cancelled); ' +
        'or stock ran out',
    },
    summary: "After the card is confirmed: the offer's one order (the webhook and the settle job come to the same)",
  },
  {
    method: 'GET',
    path: '/api/admin/quotes',
    handler: 'quotes/list-quotes',
    access: 'admin',
    table: 'readwrite',
    query: adminQuotesQuerySchema,
    answer: adminQuotesSchema,
    summary: 'Quotes of one status, newest first (offers past their date move to expired as they are read)',
  },
  {
    method: 'GET',
    path: '/api/admin/quotes/{quoteId}',
    handler: 'quotes/get-admin-quote',
    access: 'admin',
    table: 'readwrite',
    params: { quoteId: quoteIdSchema },
    answer: adminQuoteSchema,
    refusals: { 404: NO_QUOTE },
    summary: 'One quote: request, files, every offer, the thread and the order',
  },
  {
    method: 'GET',
    path: '/api/admin/quotes/{quoteId}/files/{fileId}',
    handler: 'quotes/get-artwork-link',
    access: 'admin',
    table: 'read',
    uses: ['s3'],
    params: { quoteId: quoteIdSchema, fileId: artworkIdSchema },
    answer: artworkLinkSchema,
    refusals: { 404: 'No quote has this id, or no file of it has this id' },
    summary: 'A one-minute download link of one artwork file (attachment, application/octet-stream)',
  },
  {
    method: 'POST',
    path: '/api/admin/quotes/{quoteId}/offers',
    handler: 'quotes/send-offer',
    access: 'admin',
    table: 'readwrite',
    uses: ['stripe', 'ses', 'links'],
    params: { quoteId: quoteIdSchema },
    body: offerBodySchema,
    answer: adminQuoteSchema,
    success: [201],
    refusals: {
      400:
        'A stocked line names no listed product or a size it does not come in; ' +
        'a date in the past or beyond the quote',
      404: NO_QUOTE,
      409: 'The quote is paid or closed',
    },
    summary: 'Sends an offer (mailed): it replaces the one before, whose payment, if started, is cancelled',
  },
  {
    method: 'POST',
    path: '/api/admin/quotes/{quoteId}/messages',
    handler: 'quotes/send-shop-message',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses', 'links'],
    params: { quoteId: quoteIdSchema },
    body: adminMessageBodySchema,
    answer: adminQuoteSchema,
    success: [201],
    refusals: { 404: NO_QUOTE },
    summary: "A message to the shopper in the quote's thread (mailed with the link)",
  },
  {
    method: 'POST',
    path: '/api/admin/quotes/{quoteId}/status',
    handler: 'quotes/move-quote',
    access: 'admin',
    table: 'readwrite',
    uses: ['stripe', 'ses', 'links'],
    params: { quoteId: quoteIdSchema },
    body: quoteStatusBodySchema,
    answer: adminQuoteSchema,
    refusals: { 404: NO_QUOTE, 409: 'Not a move from where the quote stands' },
    summary: 'Moves a quote on: in production, shipped (ships its order), done, or declined',
  },
] as const satisfies readonly RouteDef[];
