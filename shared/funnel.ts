/**
 * The shoppers' path, counted without tracking anyone (issue 56 item 2, docs/decisions/0167): how many product views,
 * cart adds, checkouts started, card steps reached and orders paid, per shop day, device class and source. No cookie,
 * no id, no address: a page sends at most one beacon (the steps that happened on it), and the server adds one to
 * counters of (day, step, device class, source).
 */
export const FUNNEL_STEPS = ['view', 'cart', 'checkout', 'card', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_WORDS: Record<FunnelStep, string> = {
  view: 'Product views',
  cart: 'Cart adds',
  checkout: 'Checkouts started',
  card: 'Card step reached',
  paid: 'Orders paid',
};

export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** A device class from a User-Agent (read once, never stored). */
export function deviceClassOf(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(ua)) return 'phone';
  return 'desktop';
}

/** The sources the shop's own mails name in their links (`utm_source`). */
export const MAIL_SOURCES = { reminder: 'cart-reminder', backInStock: 'back-in-stock' } as const;

/** A source as counted: lowercase letters, digits, dots and dashes, at most 40 (anything else is "other"). */
export const SOURCE_PATTERN = /^[a-z0-9][a-z0-9.-]{0,39}$/;

/**
 * Where a visit came from: its `utm_source`, else the referring site's host (not the shop's own), else "direct".
 * Kept for the tab's visit (sessionStorage), so the steps after landing count for the same source.
 */
export function sourceOf(pageUrl: string, referrer: string, ownHost: string): string {
  const url = new URL(pageUrl);
  const utm = url.searchParams.get('utm_source')?.trim().toLowerCase();
  if (utm) return SOURCE_PATTERN.test(utm) ? utm : 'other';
  if (referrer) {
    try {
      const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
      if (host && host !== ownHost.toLowerCase().replace(/^www\./, ''))
        return SOURCE_PATTERN.test(host) ? host : 'other';
    } catch {
      return 'other';
    }
  }
  return 'direct';
}

/** The counters of a day are spread over this many items per (step, device, source): no hot item (decision 0154). */
export const FUNNEL_SHARDS = 4;
