import type { ArtworkFormat, QuoteService, QuoteStatus } from '#shared/quotes';
import type { Size } from '#shared/sizes';
import { model, type Timestamps } from '../table';

/**
 * A quote for custom printing or design (issue 37, docs/decisions/0112): the shopper's request with its checked
 * artwork, the current offer (and those it replaced), and where it stands. Keyed by a random id (its page's link is
 * signed for it: the id alone shows nothing); `number` is the short one people read (Q1042). `offerNo` is the number of
 * the current offer: paying offer N takes the order only while the quote is `offer_sent` with `offerNo` N, in the
 * take's transaction (functions/domain/checkout/take.ts), so a replaced offer can never become an order.
 */
export interface QuoteRecord extends Timestamps {
  quoteId: string;
  number: string;
  status: QuoteStatus;
  /** The user id when a signed-in shopper asked (the order joins their account), else "guest". */
  customer: string;
  name: string;
  email: string;
  service: QuoteService;
  quantity: number;
  neededBy?: string;
  items: string;
  message: string;
  files: ArtworkFile[];
  /** The browser's id of the form fill: a retried request finds this quote (index byRequest). */
  requestId: string;
  /** The current offer's number (0: none yet) and the offer itself. */
  offerNo: number;
  offer?: OfferRecord;
  /** Offers it replaced, oldest first. */
  pastOffers?: OfferRecord[];
  /** The order the paid offer became. */
  orderNumber?: string;
  /** When the link expires and no offer can be valid any more (ISO). */
  closesAt: string;
  /** The status before it closed, and when it moved last. */
  statusAt: string;
  /** Paid: the total, for the owner's numbers (quotes won this month). */
  paidTotal?: number;
  paidAt?: string;
  version: number;
}

/** A checked artwork file, moved under the quote's own prefix (ARTWORK_PREFIX). */
export interface ArtworkFile {
  id: string;
  name: string;
  format: ArtworkFormat;
  size: number;
  key: string;
  /** A small JPEG of a PNG or JPEG as a data: URL, made by the shop. */
  preview?: string;
}

export interface OfferLineRecord {
  description: string;
  kind: 'goods' | 'design';
  quantity: number;
  unitPrice: number;
  productId?: string;
  size?: Size;
}

export interface OfferRecord {
  no: number;
  lines: OfferLineRecord[];
  shipping: number;
  ships: boolean;
  note: string;
  /** The last day it can be paid (YYYY-MM-DD, the shop's days as UTC days). */
  validUntil: string;
  sentAt: string;
  /** How it ended when it is not the current one, or was declined. */
  ended?: 'replaced' | 'declined';
}

export const quotes = model<QuoteRecord, 'quoteId', 'version'>({
  entity: 'quote',
  pk: ['quoteId'],
  indexes: {
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['createdAt'] },
    byRequest: { index: 'gsi1', pk: ['requestId'], sk: ['createdAt'] },
  },
  defaults: () => ({ version: 1 }),
});

/**
 * One message of a quote's thread (key `quote-message#<quoteId>` / `<at>#<id>`), read in time order with one Query.
 * Its text is stored as typed (cleaned of control characters) and always shown as text.
 */
export interface QuoteMessageRecord extends Timestamps {
  quoteId: string;
  at: string;
  id: string;
  from: 'shop' | 'shopper';
  kind: 'message' | 'change_request' | 'declined';
  text: string;
}

export const quoteMessages = model<QuoteMessageRecord, 'quoteId' | 'at' | 'id'>({
  entity: 'quote-message',
  pk: ['quoteId'],
  sk: ['at', 'id'],
  indexes: { thread: { index: 'table', pk: ['quoteId'], sk: ['at', 'id'] } },
});

/**
 * An artwork upload the shop issued (POST /api/quote-uploads), into the holding prefix: `issued` until its check
 * reads the bytes (`checked`, with what they are; a refused one is deleted with its object), `attached` once a
 * request took it (its object moved under the quote). Forgotten after HOLDING_KEPT_DAYS (TTL), as the lifecycle rule
 * deletes its object.
 */
export interface QuoteUploadRecord extends Timestamps {
  uploadId: string;
  key: string;
  name: string;
  /** What the name said when issued, then what the bytes are. */
  format: ArtworkFormat;
  size: number;
  status: 'issued' | 'checked' | 'attached';
  preview?: string;
  quoteId?: string;
  expiresAt: number;
}

export const quoteUploads = model<QuoteUploadRecord, 'uploadId'>({ entity: 'quote-upload', pk: ['uploadId'] });
