/**
 * Marketing mail a customer agreed to (issue 56 item 3, docs/decisions/0166): the words of the box at sign-up and at
 * checkout, unticked until the customer ticks it. The shop stores these exact words with the time, and sends no
 * campaign itself: the owner exports who agreed, by segment, for their own mail tool.
 */
export const MARKETING_CONSENT_WORDS =
  'Email me about new seasons, products and offers. I can unsubscribe at any time.';

/** The segments of the export (GET /api/admin/marketing/export). */
export const MARKETING_SEGMENTS = ['bought-between', 'bought-category', 'spent-over', 'not-since'] as const;
export type MarketingSegment = (typeof MARKETING_SEGMENTS)[number];

/** The browser's note that the checkout's box is ticked (sessionStorage; sent with the checkout's pricing call). */
export const MARKETING_CONSENT_KEY = 'checkout-marketing-consent';
