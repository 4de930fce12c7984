import { CATEGORIES, HOT_TAG } from '#shared/categories';
import { PHOTO_SIZES, shareImage, srcSet, variantUrl, widthFor } from '#shared/images';
import { countdownText, DROP_MESSAGES, MESSAGES, reviewsLine } from '#shared/messages';
import { dropStartText } from '#shared/drops';
import { formatCents, formatPrice } from '#shared/money';
import {
  catalogCacheControl,
  categoryDescription,
  DISALLOWED_PATHS,
  SHARE_IMAGE,
  SHOP_DESCRIPTION,
  SHOP_NAME,
  firstScreenFile,
  SEARCH_PAGE,
  STATIC_PAGES,
} from '#shared/pages';
import type { Product, ProductDetail } from '#shared/schemas/product';
import { productSearchQuerySchema } from '#shared/schemas/product';
import { productListUrl, productSortOf, searchUrl } from '#shared/product-lists';
import { productIdSchema } from '#shared/schemas/refs';
import { unescapeText } from '#shared/sanitize';
import { HttpError } from '../../lib/errors';
import { drops, type DropRecord } from '../../db/entities/drop';
import { getProduct, listProductRecords, listProducts, toProduct } from '../catalog/products';
import { catalogSales, withSale, type CatalogSales } from '../catalog/sales';
import { saleLastDay } from '#shared/sales';
import { searchProducts } from '../catalog/search';
import { escapeHtml } from '#shared/sanitize';
import { withHead, type PageHead } from './head';
import { categoryPageHtml, photoHtml, searchHeading, searchPageHtml } from '#shared/catalog-html';
import { bootScript, pageAssets } from '#shared/first-paint';
import { readManifest, readShell } from './shell';

/** The SPA module of each kind of page (vite's manifest keys, relative to web/): its code is preloaded. */
export const PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/pages/HomePage.tsx',
  product: 'src/features/catalog/ProductPage.tsx',
  category: 'src/features/catalog/ProductListPage.tsx',
  [SEARCH_PAGE]: 'src/features/catalog/SearchPage.tsx',
  '/about-us': 'src/features/pages/AboutPage.tsx',
  '/custom-printing': 'src/features/forms/QuotePage.tsx',
  '/gift-cards': 'src/features/gift-cards/GiftCardPage.tsx',
  '/contact-us': 'src/features/forms/ContactPage.tsx',
  '/support': 'src/features/forms/SupportPage.tsx',
  '/faqs': 'src/features/pages/FaqsPage.tsx',
  '/privacy-policy': 'src/features/pages/PrivacyPage.tsx',
  '/terms-and-conditions': 'src/features/pages/TermsPage.tsx',
};

export interface PageAnswer {
  status: number;
  body: string;
  contentType: string;
  cacheControl: string;
  /** Where a redirect (301) goes. */
  location?: string;
}

/** CloudFront keeps a page as long as a product list (30 s); browsers always revalidate. */
/** A list's products with their sale prices. */
const listWithSales = <L extends { products: Product[] }>(list: L, sales: CatalogSales): L => ({
  ...list,
  products: list.products.map((product) => withSale(product, sales)),
});
const HTML = 'text/html; charset=utf-8';
/** Meta descriptions longer than this are cut at a word (search engines show about 155 characters). */
const DESCRIPTION_LENGTH = 160;

/** The URL under which the SPA reads a category's first page (the one spelling, shared/schemas/product.ts). */
const listUrl = (category: string) => productListUrl({ category });
const pageTitle = (title: string) => `${title} · ${SHOP_NAME}`;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2))}…`;
}

/** The preload of a photo shown with `sizes` (AVIF: every browser that preloads by type reads it). */
const preloadOf = (product: Product | undefined, sizes: string) => {
  const photo = product?.photos[0];
  return photo ? { srcSet: srcSet(photo, 'avif'), sizes, type: 'image/avif' } : undefined;
};

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** The shop's own picture, for pages without a product photo (shared/pages.ts SHARE_IMAGE). */
const shopImage = (origin: string): NonNullable<PageHead['image']> => ({
  url: absolute(origin, SHARE_IMAGE.path),
  width: SHARE_IMAGE.width,
  height: SHARE_IMAGE.height,
  alt: SHARE_IMAGE.alt,
});

/** The 1200 px variant of a product's first photo, or the shop's picture when it has none. */
function imageOf(product: Product | undefined, origin: string): NonNullable<PageHead['image']> {
  const photo = product?.photos[0];
  if (!product || !photo) return shopImage(origin);
  const share = shareImage(photo);
  return {
    url: absolute(origin, share.url),
    width: share.width,
    height: share.height,
    alt: unescapeText(product.name),
  };
}

/** schema.org Product: name, images (1200 px JPEGs), description, the offer, and the rating once rated. */
export function productJsonLd(product: ProductDetail, url: string, origin: string, now = new Date()) {
  const inStock = product.sizes.some((size) => size.available > 0);
  // Before a drop's start its offer is a pre-order from then (what the feeds say too: decision 0172), as Google reads
  // `availabilityStarts` for the feeds' `availability_date`.
  const upcoming = dropUpcoming(product, now);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: unescapeText(product.name),
    sku: product.id,
    url,
    image: product.photos.map((photo, i) =>
      absolute(origin, photo ? shareImage(photo).url : [product.image, ...product.extraImages][i]),
    ),
    description: unescapeText(product.description),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'Offer',
      url,
      // A sale on now (issue 54): its price, valid until the sale's last day (the shop's time zone).
      price: formatCents(product.sale?.price ?? product.price),
      ...(product.sale ? { priceValidUntil: saleLastDay(product.sale.endsAt) } : {}),
      priceCurrency: 'USD',
      availability: upcoming
        ? 'https://schema.org/PreOrder'
        : inStock
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      ...(upcoming ? { availabilityStarts: product.drop!.startsAt } : {}),
    },
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.averageRating,
            ratingCount: product.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Whether the product is in a drop that has not started at `now`. */
const dropUpcoming = (product: Pick<ProductDetail, 'drop'>, now: Date) =>
  !!product.drop && Date.parse(product.drop.startsAt) > now.getTime();

/**
 * A drop's countdown as the first HTML holds it (docs/decisions/0181): the start in the shop's time zone and the time
 * left when the page was drawn, with the start itself in `datetime`; the page's script counts down from that alone
 * (web/src/features/drops/DropCountdown.tsx draws the same, with the same classes), no call to the API.
 */
export function dropCountdownHtml(startsAt: string, now: Date): string {
  return [
    `<div class="drop-countdown" data-starts-at="${escapeHtml(startsAt)}">`,
    `<p class="drop-when">${escapeHtml(DROP_MESSAGES.onSaleAt(dropStartText(startsAt)))}</p>`,
    `<p class="drop-left" role="timer" aria-label="${escapeHtml(DROP_MESSAGES.countdownLabel)}">`,
    `<time datetime="${escapeHtml(startsAt)}">${escapeHtml(
      DROP_MESSAGES.startsIn(countdownText(Date.parse(startsAt) - now.getTime())),
    )}</time></p></div>`,
  ].join('');
}

/**
 * What a product page shows before its scripts run (docs/decisions/0058): the main photo in the gallery, as the
 * SPA's ProductView lays it out (the same classes, web/src/features/catalog), and the details' placeholder. The
 * photo is the page's largest element: it paints with the HTML, not after the app has started.
 */
function productFirstPaint(product: ProductDetail, name: string, now: Date): string | undefined {
  const photo = product.photos[0];
  // Before a drop's start: the details as the app draws them (DropPanel in place of the form), so nothing moves.
  const countdown = dropUpcoming(product, now)
    ? [
        `<h1>${escapeHtml(name)}</h1>`,
        `<p class="price big">${escapeHtml(formatPrice(product.price))}</p>`,
        `<p class="muted">${escapeHtml(reviewsLine(product))}</p>`,
        `<p class="description">${escapeHtml(unescapeText(product.description))}</p>`,
        dropCountdownHtml(product.drop!.startsAt, now),
      ].join('')
    : '';
  if (!photo) {
    return countdown
      ? `<article class="product-detail" aria-busy="true"><div class="details">${countdown}</div></article>`
      : undefined;
  }
  if (countdown) {
    return [
      '<article class="product-detail" aria-busy="true"><div class="gallery">',
      photoHtml(photo, {
        fallback: product.image,
        sizes: PHOTO_SIZES.main,
        alt: name,
        className: 'main-image',
        priority: true,
      }),
      `</div><div class="details">${countdown}</div></article>`,
    ].join('');
  }
  return [
    '<article class="product-detail" aria-busy="true"><div class="gallery">',
    photoHtml(photo, {
      fallback: product.image,
      sizes: PHOTO_SIZES.main,
      alt: name,
      className: 'main-image',
      priority: true,
    }),
    '</div><div class="details placeholder-lines" aria-hidden="true"><span></span><span></span><span></span></div></article>',
  ].join('');
}

async function productHead(
  id: string,
  canonical: string,
  origin: string,
  now: Date,
  sales: CatalogSales,
): Promise<PageHead> {
  const parsed = productIdSchema.safeParse(id);
  let product: ProductDetail | null = null;
  if (parsed.success) {
    try {
      product = withSale(await getProduct(parsed.data), sales);
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
    }
  }
  if (!product) return notFoundHead(MESSAGES.productNotFound.replace(/\.$/, ''), MESSAGES.productNotFound);
  const name = unescapeText(product.name);
  const hot = listWithSales(await listProducts({ category: HOT_TAG }), sales);
  return {
    status: 200,
    title: pageTitle(name),
    description: shorten(unescapeText(product.description)),
    canonical,
    type: 'product',
    image: imageOf(product, origin),
    structuredData: [productJsonLd(product, canonical, origin, now)],
    preload: preloadOf(product, PHOTO_SIZES.main),
    main: productFirstPaint(product, name, now),
    // Before a drop's start the page is kept as any product page, but never past the start (docs/decisions/0181).
    ...(dropUpcoming(product, now) ? { edgeSeconds: (Date.parse(product.drop!.startsAt) - now.getTime()) / 1000 } : {}),
    data: { [`/api/products/${product.id}`]: product, [listUrl(HOT_TAG)]: hot },
  };
}

async function categoryHead(
  slug: string,
  canonical: string,
  origin: string,
  query: Record<string, string | undefined>,
  sales: CatalogSales,
): Promise<PageHead> {
  const category = CATEGORIES.find((c) => c.slug === slug);
  if (!category) return notFoundHead();
  // The first page only (what the SPA shows first), in the order the address asks for (CloudFront keys a category
  // page by its `sort`, infra/lib/site.ts); "Load more" asks the API for the rest.
  const sort = productSortOf(query.sort);
  const list = listWithSales(await listProducts({ category: category.slug, sort }), sales);
  const products = list.products;
  return {
    status: 200,
    title: pageTitle(category.label),
    description: categoryDescription(category.label),
    canonical,
    type: 'website',
    image: imageOf(products[0], origin),
    preload: preloadOf(products[0], PHOTO_SIZES.grid),
    // The first page's grid as the SPA draws it (shared/catalog-html.ts): its first photo paints with the HTML.
    main: categoryPageHtml(category.slug, { products, more: !!list.nextCursor }, sort),
    data: { [productListUrl({ category: category.slug, sort })]: list },
  };
}

/**
 * Search results (/search?q=): their first page drawn as the SPA draws it, so the first result's photo paints with
 * the HTML (shared/catalog-html.ts), and the answer itself, so the SPA does not ask again. Never indexed: a results
 * page is no page of its own. Words the search would refuse (too long) get the SPA's own answer.
 */
async function searchHead(
  query: Record<string, string | undefined>,
  origin: string,
  sales: CatalogSales,
): Promise<PageHead> {
  const parsed = productSearchQuerySchema.safeParse({ q: (query.q ?? '').trim() });
  const q = parsed.success ? parsed.data.q : '';
  const head: PageHead = {
    status: 200,
    title: pageTitle(searchHeading(q)),
    description: SHOP_DESCRIPTION,
    type: 'website',
    image: shopImage(origin),
    noindex: true,
  };
  if (!parsed.success) return head;
  if (!q) return { ...head, main: searchPageHtml('', null) };
  const answer = listWithSales(await searchProducts(parsed.data), sales);
  const { products } = answer;
  return {
    ...head,
    preload: preloadOf(products[0], PHOTO_SIZES.grid),
    main: searchPageHtml(answer.query, {
      products,
      more: !!answer.nextCursor,
      total: answer.total ?? products.length,
    }),
    data: { [searchUrl(answer.query)]: answer },
  };
}

async function staticHead(
  page: (typeof STATIC_PAGES)[number],
  canonical: string,
  origin: string,
  sales: CatalogSales,
): Promise<PageHead> {
  const head: PageHead = {
    status: 200,
    title: page.path === '/' ? page.title : pageTitle(page.title),
    description: page.description,
    canonical,
    type: 'website',
    image: shopImage(origin),
  };
  // The home page shows the hot strip: its list comes with the page, so the SPA need not ask for it.
  if (page.path === '/')
    head.data = { [listUrl(HOT_TAG)]: listWithSales(await listProducts({ category: HOT_TAG }), sales) };
  return head;
}

/** Any address that is no page: 404, noindex, the SPA's shell (it shows its not-found page). */
const notFoundHead = (title = 'Page not found', description: string = SHOP_DESCRIPTION): PageHead => ({
  status: 404,
  title: pageTitle(title),
  description,
  type: 'website',
  noindex: true,
});

/** robots.txt: every page but a shopper's own and the owner's; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * When a product's page last changed: the record's change, and for a product in a drop the drop's set-up (its page
 * began counting down) and, once passed, its start (the page went on sale then: docs/decisions/0181).
 */
function changedAt(record: { updatedAt: string }, drop: DropRecord | undefined, now: Date): string {
  const dates = [record.updatedAt];
  if (drop?.state === 'on') {
    dates.push(drop.updatedAt);
    if (Date.parse(drop.startsAt) <= now.getTime()) dates.push(drop.startsAt);
  }
  return dates.sort().pop()!;
}

/** sitemap.xml: the static pages, the categories and every listed product (with its photos); never a drafted one. */
export async function sitemapXml(origin: string, now = new Date()): Promise<string> {
  const records = await listProductRecords('listed');
  const dropsOn = new Map(
    (await drops.getMany(records.map((record) => ({ productId: record.id })))).map((drop) => [drop.productId, drop]),
  );
  const entry = (path: string, lastmod?: string, images: string[] = []) =>
    `  <url><loc>${escapeHtml(absolute(origin, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${images
      .map((image) => `<image:image><image:loc>${escapeHtml(absolute(origin, image))}</image:loc></image:image>`)
      .join('')}</url>`;
  const newest = records
    .map((record) => record.updatedAt)
    .sort()
    .pop();
  const urls = [
    ...STATIC_PAGES.map((page) => entry(page.path)),
    ...CATEGORIES.map((category) => entry(`/product-list/${category.slug}`, newest)),
    ...records.map((record) => {
      const product = toProduct(record);
      const pictures = product.photos.map((photo, i) =>
        photo ? variantUrl(photo, widthFor(photo, 1200), 'jpg') : [product.image, ...product.extraImages][i],
      );
      return entry(
        `/product/${encodeURIComponent(record.id)}`,
        changedAt(record, dropsOn.get(record.id), now),
        pictures,
      );
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The page function: what CloudFront sends to it (shared/pages.ts PAGE_PATTERNS) answered with index.html and
 * the page's own head; an unknown product or category answers 404 (the SPA then says so); sitemap and robots.
 * `origin` is the shop's public origin (SITE_URL in AWS, the Host locally).
 */
export async function renderPage(
  pathname: string,
  origin: string,
  query: Record<string, string | undefined> = {},
  now = new Date(),
): Promise<PageAnswer> {
  if (pathname === '/robots.txt')
    return {
      status: 200,
      body: robotsTxt(origin),
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'public, max-age=3600',
    };
  if (pathname === '/sitemap.xml')
    return {
      status: 200,
      body: await sitemapXml(origin, now),
      contentType: 'application/xml; charset=utf-8',
      cacheControl: 'public, max-age=0, s-maxage=300',
    };
  // One address per page: `/product/x/` (CloudFront's /product/* takes it) goes to `/product/x` (never off the site).
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return {
      status: 301,
      body: '',
      contentType: HTML,
      cacheControl: 'public, max-age=3600',
      location: `/${pathname.replace(/^\/+|\/+$/g, '')}`,
    };
  }
  const canonical = `${origin}${pathname}`;
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return '\u0000';
      }
    });
  const page = STATIC_PAGES.find((candidate) => candidate.path === pathname);
  // What kind of page the address is, decided once: its head and its code (PAGE_MODULES) follow from it.
  const kind = page
    ? page.path
    : pathname === SEARCH_PAGE
      ? SEARCH_PAGE
      : segments.length === 2 && segments[0] === 'product'
        ? 'product'
        : segments.length === 2 && segments[0] === 'product-list'
          ? 'category'
          : null;
  // The sales on now (issue 54): sale prices on the page, and its cache time cut at the next sale's edge (0180).
  const sales = await catalogSales(now);
  const head = page
    ? await staticHead(page, canonical, origin, sales)
    : kind === SEARCH_PAGE
      ? await searchHead(query, origin, sales)
      : kind === 'product'
        ? await productHead(segments[1], canonical, origin, now, sales)
        : kind === 'category'
          ? await categoryHead(segments[1], canonical, origin, query, sales)
          : notFoundHead();
  const module = head.status === 200 && kind ? PAGE_MODULES[kind] : undefined;
  // A page with a first screen of its own (shared/pages.ts FIRST_SCREENS) is served from that file, which already
  // holds its code; the others from index.html with their code from vite's manifest.
  const file = page && head.status === 200 ? firstScreenFile(page.path) : undefined;
  const [shell, manifest] = await Promise.all([readShell(file), module && !file ? readManifest() : null]);
  if (manifest && module) {
    head.assets = pageAssets(manifest, module);
    if (head.main) head.bootScript = bootScript(manifest);
  }
  return {
    status: head.status,
    body: withHead(shell, head, SHOP_NAME),
    contentType: HTML,
    // Never kept past a sale's edge (0180) nor past a drop's start (0181).
    cacheControl: catalogCacheControl(Math.min(head.edgeSeconds ?? Infinity, sales.edgeSeconds)),
  };
}
