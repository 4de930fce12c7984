import {
  ARTWORK_FORMAT_LIST,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_FILES,
  MAX_OFFER_LINES,
  MAX_OFFER_QUANTITY,
  QUOTE_SERVICES,
  QUOTE_STATUSES,
} from '../quotes';
import { ALL_SIZES } from '../sizes';
import { shippingAddressSchema } from './address';
import { amountsSchema, paymentIntentIdSchema, productIdSchema } from './refs';
import { orderViewSchema } from './order-views';
import { typedText } from './text';
import * as z from './zod';

/** Quotes for custom printing and design (issue 37): what the pages send and what the routes answer. */

const text = (label: string, max: number, multiline = false) =>
  typedText({
    max,
    required: `${label} is required.`,
    tooLong: `${label} can be at most ${max} characters.`,
    multiline,
  });

export const quoteIdSchema = z.uuid('Not a quote id');
export const artworkIdSchema = z.uuid('Not a file id');
/** A quote page's signed token, as its link carries it (functions/lib/signed-tokens.ts). */
export const quoteTokenSchema = z
  .string()
  .check(
    z.minLength(10, 'This link is not complete. Please open the link from your mail again.'),
    z.maxLength(600, 'This link is not valid.'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'This link is not valid.'),
  );
export const quoteTokenQuerySchema = z.strictObject({ t: quoteTokenSchema });

const TOO_BIG = `Each file can be at most ${MAX_ARTWORK_BYTES / (1024 * 1024)} MB.`;
/** POST /api/quote-uploads: one file the browser is about to upload, by its name's format and its size. */
export const artworkUploadRequestSchema = z.strictObject({
  name: text('The file name', 200),
  format: z.enum(ARTWORK_FORMAT_LIST, {
    message: 'Send PNG, JPEG, PDF, SVG, AI, EPS or ZIP files.',
  }),
  size: z.number().check(z.int(), z.positive('The file is empty.'), z.lte(MAX_ARTWORK_BYTES, TOO_BIG)),
});
export const artworkUploadAnswerSchema = z.object({
  uploadId: z.string(),
  uploadUrl: z.string(),
  /** Headers the PUT must send as they are (the URL is signed for them). */
  headers: z.record(z.string(), z.string()),
});
/** POST /api/quote-uploads/{uploadId}/check: the verdict on the file as uploaded (refusals are 4xx). */
export const artworkCheckedSchema = z.object({
  uploadId: z.string(),
  name: z.string(),
  format: z.enum(ARTWORK_FORMAT_LIST),
  size: z.number(),
  /** A small JPEG of a PNG or JPEG, as a data: URL (made by the shop, never the file itself). */
  preview: z.nullable(z.string()),
});

const neededBy = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give a date like 2026-12-24.'),
  z.refine((value: string) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Please give a real date.'),
);

/** POST /api/quotes: the spec's quote form (name, email, items, message) and what a printer needs to price a job. */
export const quoteRequestSchema = z.strictObject({
  name: text('Name', 200),
  email: z.pipe(
    z
      .string({ message: 'Email is required.' })
      .check(z.trim(), z.minLength(1, 'Email is required.'), z.maxLength(254, 'Email can be at most 254 characters.')),
    z.email('Please enter a valid email address.'),
  ),
  items: text('Items', 2000, true),
  message: text('Message', 5000, true),
  service: z.enum(QUOTE_SERVICES, { message: 'Please choose a service.' }),
  quantity: z
    .number({ message: 'Quantity is required.' })
    .check(
      z.int('Quantity must be a whole number.'),
      z.gte(1, 'Quantity must be at least 1.'),
      z.lte(MAX_OFFER_QUANTITY, `Quantity can be at most ${MAX_OFFER_QUANTITY}.`),
    ),
  neededBy: z.optional(neededBy),
  files: z
    .array(artworkIdSchema)
    .check(z.maxLength(MAX_ARTWORK_FILES, `At most ${MAX_ARTWORK_FILES} files per request.`)),
  /** Made once per form fill by the browser: a retried POST makes one quote. */
  requestId: z.uuid('Please reload the page and send the form again.'),
  /** Honeypot, as the other forms have. */
  website: z.optional(z.string().check(z.maxLength(200, 'Please leave this field empty.'))),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export const quoteRequestedSchema = z.object({ quoteId: z.string(), number: z.string() });

export const artworkFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  format: z.enum(ARTWORK_FORMAT_LIST),
  size: z.number(),
  preview: z.nullable(z.string()),
});
export const offerLineSchema = z.object({
  description: z.string(),
  kind: z.enum(['goods', 'design']),
  quantity: z.number(),
  unitPrice: z.number(),
  productId: z.nullable(z.string()),
  size: z.nullable(z.string()),
});
export const offerViewSchema = z.object({
  no: z.number(),
  lines: z.array(offerLineSchema),
  shipping: z.number(),
  /** Whether anything ships: an offer of design work only asks no address. */
  ships: z.boolean(),
  note: z.string(),
  validUntil: z.string(),
  sentAt: z.string(),
  /** `open`: can be paid now; the others say why not. */
  state: z.enum(['open', 'replaced', 'expired', 'paid', 'declined']),
  /** Before tax (the tax follows the address; design work has none). */
  amounts: amountsSchema,
  terms: z.string(),
});
export const quoteMessageSchema = z.object({
  id: z.string(),
  at: z.string(),
  from: z.enum(['shop', 'shopper']),
  kind: z.enum(['message', 'change_request', 'declined']),
  text: z.string(),
});
/** GET /api/quotes/{quoteId}?t=: the quote as its shopper sees it. */
export const quoteViewSchema = z.object({
  quoteId: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  service: z.enum(QUOTE_SERVICES),
  quantity: z.number(),
  neededBy: z.nullable(z.string()),
  items: z.string(),
  message: z.string(),
  files: z.array(artworkFileSchema),
  offer: z.nullable(offerViewSchema),
  messages: z.array(quoteMessageSchema),
  orderNumber: z.nullable(z.string()),
  /** The order's status when paid (pending until shipped or done). */
  order: z.nullable(orderViewSchema),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** POST /api/quotes/{quoteId}/messages: a message, or a change asked for (the owner answers with a new offer). */
export const quoteMessageBodySchema = z.strictObject({
  token: quoteTokenSchema,
  text: text('Message', 3000, true),
  changeRequest: z.optional(z.boolean()),
});
/** POST /api/quotes/{quoteId}/decline */
export const quoteDeclineBodySchema = z.strictObject({
  token: quoteTokenSchema,
  offerNo: z.number().check(z.int(), z.positive()),
  reason: z.optional(typedText({ max: 1000, multiline: true, empty: true })),
});
/** POST /api/quotes/{quoteId}/pay: the offer the shopper accepts, and where it ships when something ships. */
export const quotePayBodySchema = z.strictObject({
  token: quoteTokenSchema,
  offerNo: z.number().check(z.int(), z.positive()),
  shippingAddress: z.optional(shippingAddressSchema),
});
/** POST /api/quotes/{quoteId}/pay: the payment the card step confirms. */
export const quotePaymentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amounts: amountsSchema,
  paymentMode: z.enum(['stripe', 'test']),
});
/** POST /api/quotes/{quoteId}/record: after the card is confirmed, the order of the offer (once). */
export const quoteRecordBodySchema = z.strictObject({
  token: quoteTokenSchema,
  paymentIntentId: paymentIntentIdSchema,
});
export const quoteOrderSchema = z.object({ order: orderViewSchema });

// ---- The owner's side.

export const adminQuotesQuerySchema = z.strictObject({
  status: z._default(z.enum(QUOTE_STATUSES, { message: 'Not a quote status.' }), 'new'),
});
export const quoteSummarySchema = z.object({
  quoteId: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  service: z.enum(QUOTE_SERVICES),
  quantity: z.number(),
  neededBy: z.nullable(z.string()),
  files: z.number(),
  total: z.nullable(z.number()),
});
export const adminQuotesSchema = z.object({ quotes: z.array(quoteSummarySchema) });
/** GET /api/admin/quotes/{quoteId}: the quote, every offer sent, the thread, the order. */
export const adminQuoteSchema = z.object({
  quote: quoteViewSchema,
  offers: z.array(offerViewSchema),
  linkExpiresAt: z.string(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;
export const artworkLinkSchema = z.object({ url: z.string() });

const cents = (label: string) =>
  z
    .number({ message: `${label} is required.` })
    .check(z.int(`${label} must be in cents.`), z.nonnegative(), z.lte(10_000_000));
export const offerLineInputSchema = z.strictObject({
  description: text('Description', 300),
  kind: z.enum(['goods', 'design'], { message: 'Goods or design work?' }),
  quantity: z
    .number()
    .check(
      z.int('Quantity must be a whole number.'),
      z.gte(1, 'Quantity must be at least 1.'),
      z.lte(MAX_OFFER_QUANTITY, `Quantity can be at most ${MAX_OFFER_QUANTITY}.`),
    ),
  unitPrice: cents('Unit price'),
  /** A product and size the shop stocks: the line takes its units when the offer is paid. */
  productId: z.optional(productIdSchema),
  size: z.optional(z.enum(ALL_SIZES, { message: 'Invalid size selected.' })),
});
export type OfferLineInput = z.infer<typeof offerLineInputSchema>;
/** POST /api/admin/quotes/{quoteId}/offers: a new offer (it replaces the one before). */
export const offerBodySchema = z.strictObject({
  lines: z
    .array(offerLineInputSchema)
    .check(z.minLength(1, 'An offer needs at least one line.'), z.maxLength(MAX_OFFER_LINES)),
  /** Shipping in cents; 0 when nothing ships (design work). */
  shipping: cents('Shipping'),
  ships: z.boolean(),
  note: typedText({ max: 3000, multiline: true, empty: true }),
  validUntil: neededBy,
});
export type OfferBody = z.infer<typeof offerBodySchema>;
export const adminMessageBodySchema = z.strictObject({ text: text('Message', 3000, true) });
/** POST /api/admin/quotes/{quoteId}/status: the owner moves a quote on (shipping is the order's ship step). */
export const quoteStatusBodySchema = z.strictObject({
  status: z.enum(['in_production', 'shipped', 'done', 'declined'], { message: 'Not a status the owner sets.' }),
});
