import { CATEGORIES } from './categories';

/**
 * Pages a crawler reads (design section 4 "Pages a crawler can read"): the page function serves these paths
 * with their own head (title, description, canonical URL, Open Graph, Twitter, JSON-LD for products); the SPA
 * then takes over. One list for the CloudFront behaviours (infra/lib/site.ts), the local gateway and the sitemap.
 */
export const SHOP_NAME = 'Seasonal Shop';
export const SHOP_DESCRIPTION =
  'Seasonal candles, tees, hoodies, tufted rugs, gift wraps and tumblers, plus custom printing and design.';

/** Pages with fixed content; `title` is the page's h1 (the SPA's document title follows it). */
export const STATIC_PAGES = [
  { path: '/', title: `${SHOP_NAME} · Candles, apparel, rugs and custom printing`, description: SHOP_DESCRIPTION },
  {
    path: '/about-us',
    title: 'About Us',
    description:
      'A small US print shop and maker of seasonal candles, apparel, rugs and gifts: who we are and how we work.',
  },
  {
    path: '/custom-printing',
    title: 'Custom Printing',
    description:
      'Tees, hoodies, tumblers and gift wrap printed with your design, from one piece to a few hundred. Ask for a quote.',
  },
  {
    path: '/gift-cards',
    title: 'Gift Cards',
    description:
      'A gift card from $10 to $500, emailed on the day you choose with your message. Spend it on anything; it never expires.',
  },
  {
    path: '/contact-us',
    title: 'Contact Us',
    description:
      'Questions about an order, a product or a collaboration? Write to us and we answer within two working days.',
  },
  {
    path: '/support',
    title: 'Support',
    description: 'Trouble with an order, a delivery or your account? Tell us what happened and we will sort it out.',
  },
  {
    path: '/faqs',
    title: 'Frequently Asked Questions',
    description: 'Shipping, returns, sizes, custom orders and payment: answers to the questions shoppers ask us most.',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: `How ${SHOP_NAME} collects, uses and protects your personal information.`,
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    description: `The terms of buying from ${SHOP_NAME}.`,
  },
] as const;

/**
 * The picture a link preview shows for a page without a product photo (home, static pages, an empty category):
 * the shop's banner and name, 1200x630 as Open Graph and Twitter ask (web/public/og-image.jpg, made by
 * `npm run build:og-image`).
 */
export const SHARE_IMAGE = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: `${SHOP_NAME}: seasonal candles, apparel, rugs and custom printing`,
} as const;

/** The page a mail's unsubscribe link opens (`?token=`); it asks the API for the opt-out itself. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** Paths a crawler is kept out of (robots.txt); they are for one shopper or the owner. */
export const DISALLOWED_PATHS = [
  '/admin',
  '/account',
  '/cart',
  '/login',
  '/signup',
  '/unsubscribe',
  '/quotes',
] as const;

/** Category page descriptions (meta description and og:description). */
export const categoryDescription = (label: string) =>
  `${label} from ${SHOP_NAME}: seasonal designs, made and printed in a small US town.`;

/**
 * The path patterns the page function answers (CloudFront behaviour patterns; `*` is one path segment here).
 * Not `/`: CloudFront has no path pattern for the root alone, so the home page is index.html itself, whose head
 * carries the home page's title, description and Open Graph tags (web/index.html; docs/decisions/0028).
 */
/**
 * Search results: the page function draws their first page (docs/decisions/0132); CloudFront keys them by their
 * words (infra/lib/site.ts).
 */
export const SEARCH_PAGE = '/search';

/** A category's pages (`/product-list/<slug>`), drawn by the page function in the order `?sort=` asks for. */
export const CATEGORY_PAGES = '/product-list/*';

export const PAGE_PATTERNS = [
  ...STATIC_PAGES.filter((page) => page.path !== '/').map((page) => page.path),
  SEARCH_PAGE,
  '/product/*',
  CATEGORY_PAGES,
  '/sitemap.xml',
  '/robots.txt',
] as const;

/** Whether the page function answers this path (the local gateway's version of the CloudFront behaviours). */
export function isPagePath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) =>
    pattern.endsWith('/*')
      ? pathname.startsWith(pattern.slice(0, -1)) &&
        pathname.length > pattern.length - 1 &&
        !pathname.slice(pattern.length - 1).includes('/')
      : pathname === pattern,
  );
}

export const CATEGORY_PATHS = CATEGORIES.map((category) => `/product-list/${category.slug}`);

/**
 * Cache-Control of the public catalogue answers (product lists, a product, pages): CloudFront keeps them
 * CATALOG_CDN_SECONDS, browsers revalidate. With the SPA's own cache (web/src/lib/query.ts, the same time) an
 * admin change reaches every shopper within VISIBLE_WITHIN_SECONDS (docs/decisions/0045).
 */
export const CATALOG_CDN_SECONDS = 30;
export const CATALOG_CACHE_CONTROL = `public, max-age=0, s-maxage=${CATALOG_CDN_SECONDS}`;
export const VISIBLE_WITHIN_SECONDS = 2 * CATALOG_CDN_SECONDS;
/**
 * The catalogue's Cache-Control when the answer changes by itself within CATALOG_CDN_SECONDS: a sale starts or ends
 * (issue 54, docs/decisions/0180), a drop starts (0181). CloudFront keeps the answer no longer than until that edge;
 * in its last second, not at all.
 */
export function catalogCacheControl(seconds: number = CATALOG_CDN_SECONDS): string {
  const kept = Math.max(0, Math.min(CATALOG_CDN_SECONDS, Math.floor(seconds)));
  return kept < 1 ? 'public, max-age=0, s-maxage=0, must-revalidate' : `public, max-age=0, s-maxage=${kept}`;
}

/**
 * Every address the SPA's router knows (web/src/app/routes.tsx and adminRoutes.ts; a web test keeps the two lists
 * equal). `:name` is one path segment. These answer the SPA (200); any other address without a file extension is
 * the not-found page with a 404, so a crawler never takes a mistyped link for a page (docs/decisions/0057).
 */
export const SPA_ROUTES = [
  '/',
  '/product-list/:category',
  '/product/:id',
  '/search',
  '/cart',
  '/cart/shipping',
  '/cart/payment',
  '/cart/restore',
  '/orderconfirmation',
  '/login',
  '/signup',
  '/reset-password',
  '/account',
  '/account/orders/:orderNumber',
  '/account/add-order',
  '/order-status',
  '/custom-printing',
  '/gift-cards',
  '/gift-cards/balance',
  '/quotes/:quoteId',
  '/contact-us',
  '/support',
  '/about-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/faqs',
  '/unsubscribe',
  '/admin',
  '/admin/products',
  '/admin/items',
  '/admin/promo-codes',
  '/admin/sales',
  '/admin/gift-cards',
  '/admin/gift-cards/:cardId',
  '/admin/orders/pending',
  '/admin/orders/archive',
  '/admin/orders/:orderNumber',
  '/admin/replacements',
  '/admin/reports',
  '/admin/shipping',
  '/admin/drops/:productId',
  '/admin/quotes',
  '/admin/quotes/:quoteId',
  '/admin/stock-alerts',
  '/admin/catalog',
  '/admin/drafted-products',
  '/admin/inbox',
] as const;

/**
 * Pages whose first screen is in their first HTML though no data makes it (docs/decisions/0120): the build renders
 * each from the app's components into its own copy of index.html, `first/<name>.html` (web/vite.config.mts), with
 * the page's code as `modules` (vite manifest keys, relative to web/). The page function serves `/`,
 * `/custom-printing` and `/gift-cards` from theirs; the routing function (and the local gateway) serves the others'
 * file for their address instead of index.html.
 */
export const FIRST_SCREENS = {
  '/': { name: 'home', modules: ['src/features/pages/HomePage.tsx'] },
  '/cart': {
    name: 'cart',
    modules: ['src/features/checkout/CheckoutLayout.tsx', 'src/features/checkout/CartStep.tsx'],
  },
  '/cart/shipping': {
    name: 'cart-shipping',
    modules: ['src/features/checkout/CheckoutLayout.tsx', 'src/features/checkout/ShippingStep.tsx'],
  },
  '/cart/payment': {
    name: 'cart-payment',
    modules: ['src/features/checkout/CheckoutLayout.tsx', 'src/features/checkout/PaymentStep.tsx'],
  },
  '/order-status': { name: 'order-status', modules: ['src/features/orders/OrderStatusPage.tsx'] },
  '/custom-printing': { name: 'custom-printing', modules: ['src/features/quotes/QuoteRequestPage.tsx'] },
  '/gift-cards': { name: 'gift-cards', modules: ['src/features/gift-cards/GiftCardPage.tsx'] },
  '/gift-cards/balance': { name: 'gift-card-balance', modules: ['src/features/gift-cards/BalancePage.tsx'] },
} as const satisfies Record<string, { name: string; modules: string[] }>;

/** The built file of a page's first screen (relative to web/dist), or undefined for a page without one. */
export function firstScreenFile(pathname: string): string | undefined {
  const screen = (FIRST_SCREENS as Record<string, { name: string } | undefined>)[pathname];
  return screen ? `first/${screen.name}.html` : undefined;
}

/** Each SPA address with a first screen and the file CloudFront's routing function serves for it. */
export const FIRST_SCREEN_FILES: Record<string, string> = Object.fromEntries(
  Object.keys(FIRST_SCREENS)
    .filter((pathname) => pathname !== '/' && !isPagePath(pathname))
    .map((pathname) => [pathname, `/${firstScreenFile(pathname)}`]),
);

/**
 * SPA_ROUTES as one regular expression's source (also run by the CloudFront routing function,
 * infra/lib/spa-routing-function.js).
 */
export const SPA_ROUTE_PATTERN = `^(?:${SPA_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, '[^/]+')).join('|')})$`;

/**
 * Where the page function answers the not-found page (404, noindex, the SPA's shell): unknown addresses are sent there.
 */
export const NOT_FOUND_PATH = '/404';

/**
 * Apple Pay's domain association file (Stripe's dashboard gives it to the operator; the stage setting
 * `applePayDomainFile` deploys it): served as a file from the site's bucket, although its name has no extension.
 */
export const APPLE_PAY_DOMAIN_FILE = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * How the shop answers an address no other behaviour took (CloudFront's default behaviour and its routing
 * function in AWS; the local gateway does the same):
 * - `file`: a name with an extension in its last segment (the build's files, favicon, config.json) as it is, and
 *   Apple Pay's domain file;
 * - `redirect`: a trailing slash goes, 301, to the address without it (never to another host: `//x/` -> `/x`);
 * - `page`: the home page, from the page function (its own head: canonical URL, Open Graph, the data it shows);
 * - `spa`: a route of the SPA, index.html, or its first screen (FIRST_SCREEN_FILES);
 * - `not-found`: anything else, the page function's not-found page (404).
 */
export type SiteAnswer =
  | { kind: 'file' }
  | { kind: 'redirect'; location: string }
  | { kind: 'page' }
  | { kind: 'spa'; file: string }
  | { kind: 'not-found' };

const spaRoute = new RegExp(SPA_ROUTE_PATTERN);

export function siteAnswer(pathname: string): SiteAnswer {
  const last = pathname.split('/').pop() ?? '';
  if ((last.includes('.') && pathname !== '/index.html') || pathname === APPLE_PAY_DOMAIN_FILE) return { kind: 'file' };
  if (pathname.length > 1 && pathname.endsWith('/'))
    return { kind: 'redirect', location: `/${pathname.replace(/^\/+|\/+$/g, '')}` };
  if (pathname === '/' || pathname === '/index.html') return { kind: 'page' };
  if (spaRoute.test(pathname)) return { kind: 'spa', file: FIRST_SCREEN_FILES[pathname] ?? '/index.html' };
  return { kind: 'not-found' };
}
