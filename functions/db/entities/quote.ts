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
  /** The browser's id of the form fill: one quote per id (quoteRequests, written in the quote's transaction). */
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

/** A checked artwork file, copied from its checked copy under the quote's own prefix (ARTWORK_PREFIX). */
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
 * The one quote of a form fill's `requestId` (key `quote-request#<requestId>`), written in the quote's own
 * transaction on the condition that it is new: of two requests with one id (a double click, a retry), one makes the
 * quote and the other finds it here (docs/decisions/0138).
 */
export interface QuoteRequestRecord extends Timestamps {
  requestId: string;
  quoteId: string;
  number: string;
}

export const quoteRequests = model<QuoteRequestRecord, 'requestId'>({ entity: 'quote-request', pk: ['requestId'] });

/**
 * An artwork upload the shop issued (POST /api/quote-uploads), into the holding prefix: `issued` until its check
 * copies the bytes to `checkedKey` and reads that copy (`checked`, with what they are; a refused one is deleted with
 * its objects), `attached` once a request took it, in the quote's transaction (its checked copy copied under the
 * quote). Forgotten after HOLDING_KEPT_DAYS (TTL), as the lifecycle rule deletes its objects (docs/decisions/0138).
 */
export interface QuoteUploadRecord extends Timestamps {
  uploadId: string;
  /** Where its upload link puts the bytes (the holding prefix): read once, by the check's copy. */
  key: string;
  /** The copy the check read (ARTWORK_CHECKED_PREFIX; no upload link names it): what a request takes. */
  checkedKey?: string;
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
