import { SHIPPING_CENTS, type Amounts } from './money';

/**
 * Quotes for custom printing and design (issue 37, docs/decisions/0112..0115): the one definition of what a quote
 * is asked for with, the statuses it moves through, the artwork it may carry and how an offer is priced.
 */

export const QUOTE_SERVICES = ['printing', 'graphic-design', 'web-design'] as const;
export type QuoteService = (typeof QUOTE_SERVICES)[number];
export const QUOTE_SERVICE_LABEL: Record<QuoteService, string> = {
  printing: 'Printing on a product we sell',
  'graphic-design': 'Graphic design',
  'web-design': 'Web design',
};

/**
 * Where a quote stands: `new` waits for a price; `offer_sent` has an offer the shopper can pay; `paid` (accepted and
 * paid) is an order; then `in_production`, `shipped` (only when something ships) and `done`; or `declined` (by the
 * shopper or the owner) and `expired` (its offer's date passed unpaid).
 */
export const QUOTE_STATUSES = [
  'new',
  'offer_sent',
  'paid',
  'in_production',
  'shipped',
  'done',
  'declined',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  new: 'New',
  offer_sent: 'Offer sent',
  paid: 'Accepted and paid',
  in_production: 'In production',
  shipped: 'Shipped',
  done: 'Done',
  declined: 'Declined',
  expired: 'Expired',
};
/** The moves the owner makes by hand once a quote is paid (shipping goes through the order's own ship step). */
export const OWNER_MOVES: Partial<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  new: ['declined'],
  offer_sent: ['declined'],
  expired: ['declined'],
  paid: ['in_production', 'done'],
  in_production: ['shipped', 'done'],
  shipped: ['done'],
};
/** Statuses after which nothing more happens to a quote. */
export const CLOSED_QUOTE_STATUSES: readonly QuoteStatus[] = ['done', 'declined', 'expired'];
/**
 * Statuses in which the shopper can no longer write in the quote's thread (409 `quote_closed`): done, or declined (by
 * them or the owner; the owner may still send a new offer, which opens it again). An expired offer's quote takes
 * messages: the shopper asks for a new offer there (docs/decisions/0138).
 */
export const THREAD_CLOSED_STATUSES: readonly QuoteStatus[] = ['done', 'declined'];

/**
 * How long a quote lives: its page's signed link expires this many days after the request, and no offer is valid
 * beyond it. Artwork is deleted by the bucket's lifecycle rule ARTWORK_KEPT_DAYS after the request, so at least
 * half a year after its quote closed.
 */
export const QUOTE_LIFETIME_DAYS = 180;
export const ARTWORK_KEPT_DAYS = 365;
/** Files uploaded but never attached to a request are deleted by the lifecycle rule of their holding prefix. */
export const HOLDING_KEPT_DAYS = 2;
/**
 * The bucket prefixes (docs/decisions/0112, 0138): uploads arrive under the holding prefix, each at the one key its
 * presigned PUT names; the check copies an upload to a key of its own under the checked prefix (inside the holding
 * one, so the same lifecycle rule forgets it), which no upload link ever names, and reads that copy; a request's files
 * are copied from there under its quote's prefix.
 */
export const ARTWORK_HOLDING_PREFIX = 'quote-uploads/';
export const ARTWORK_CHECKED_PREFIX = `${ARTWORK_HOLDING_PREFIX}checked/`;
export const ARTWORK_PREFIX = 'quotes/';

/** Artwork formats designers send, with the Content-Type the upload is signed for and the names' extensions. */
export const ARTWORK_FORMATS = {
  png: { type: 'image/png', extensions: ['png'], label: 'PNG' },
  jpeg: { type: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  pdf: { type: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  svg: { type: 'image/svg+xml', extensions: ['svg'], label: 'SVG' },
  ai: { type: 'application/illustrator', extensions: ['ai'], label: 'Illustrator' },
  eps: { type: 'application/postscript', extensions: ['eps'], label: 'EPS' },
  zip: { type: 'application/zip', extensions: ['zip'], label: 'ZIP' },
} as const;
export type ArtworkFormat = keyof typeof ARTWORK_FORMATS;
export const ARTWORK_FORMAT_LIST = Object.keys(ARTWORK_FORMATS) as ArtworkFormat[];
export const MAX_ARTWORK_FILES = 5;
export const MAX_ARTWORK_BYTES = 25 * 1024 * 1024;
/** What the file picker offers (the server still reads each file's type from its bytes). */
export const ARTWORK_ACCEPT = ARTWORK_FORMAT_LIST.flatMap((format) =>
  ARTWORK_FORMATS[format].extensions.map((extension) => `.${extension}`),
).join(',');
/** Formats that get a small private preview; the others show an icon with the file name. */
export const PREVIEW_FORMATS: readonly ArtworkFormat[] = ['png', 'jpeg'];

/** The format a file's name says it is, by its extension; null for any other. */
export function formatOfName(name: string): ArtworkFormat | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return (
    ARTWORK_FORMAT_LIST.find((format) =>
      (ARTWORK_FORMATS[format].extensions as readonly string[]).includes(extension),
    ) ?? null
  );
}

/**
 * The name a file of a quote downloads under (docs/decisions/0138): the name it was sent with, less its last extension,
 * its other dots made dashes, with the extension of the format its bytes were checked as. `invoice.pdf.exe` checked as
 * PNG downloads as `invoice-pdf.png`: a name never says another type than the bytes are.
 */
export function downloadName(name: string, format: ArtworkFormat): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/\./g, '-')
    .trim()
    .slice(0, 120);
  return `${stem || 'artwork'}.${ARTWORK_FORMATS[format].extensions[0]}`;
}

/** "2.4 MB", "830 KB": a file's size as people read it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A line of an offer: goods (printing on something, a product the shop stocks) or design work (a service). A line
 * naming a stocked product and size takes its units when the offer is paid, like any order.
 */
export interface OfferLineTerms {
  kind: 'goods' | 'design';
  quantity: number;
  unitPrice: number;
}

/**
 * The amounts of an offer before tax (the tax follows the shipping address and the shop's tax rule when it is paid:
 * goods taxed, design work not, docs/decisions/0114). Integer cents.
 */
export function offerAmounts(lines: readonly OfferLineTerms[], shipping: number): Amounts {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  return { subtotal, discount: 0, shipping, tax: 0, total: subtotal + shipping };
}

/** The shipping an offer starts with in the owner's form when something ships: the shop's flat rate. */
export const OFFER_DEFAULT_SHIPPING = SHIPPING_CENTS;
/** Most lines in one offer. */
export const MAX_OFFER_LINES = 20;
/** Most units of one offer line. */
export const MAX_OFFER_QUANTITY = 10_000;

/**
 * What made-to-order work promises (docs/decisions/0115), shown on every offer: the shop's cancel applies until the
 * work is in production; the 30-day replacement form is not for made-to-order work: a misprint or damage is told on the
 * quote's page within 30 days and the shop reprints it.
 */
export const MADE_TO_ORDER_TERMS =
  'Made to order: you can cancel for a full refund until we start production; after that the order is final. If ' +
  'something arrives misprinted or damaged, tell us on this page within 30 days and we reprint it.';

/** The quote page of the shop (its link carries a signed token: `?t=`). */
export const QUOTE_PAGE_PATH = '/quotes';
export const quotePagePath = (quoteId: string, token: string) =>
  `${QUOTE_PAGE_PATH}/${quoteId}?t=${encodeURIComponent(token)}`;

/** A quote's number as people read it: Q1042. */
export const quoteLabel = (number: string) => `Q${number}`;
