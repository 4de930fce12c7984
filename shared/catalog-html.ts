import { CATEGORIES } from './categories';
import { PHOTO_SIZES, pictureOf, type Photo } from './images';
import { LIST_MESSAGES, reviewsLine } from './messages';
import { formatPrice } from './money';
import { saleEndsShort, SALE_WORDS } from './sales';
import { type Product } from './schemas/product';
import { PRODUCT_SORTS, SORT_LABELS, type ProductSort } from './product-lists';
import { escapeHtml, unescapeText } from './sanitize';
import { stockBadge } from './stock';

/**
 * The catalogue's pages as HTML, for the page function's first screen of a category and of search results (issue 39,
 * docs/decisions/0132): the markup the SPA's own components render for the same data (web/src/components/Photo.tsx,
 * ProductCard.tsx, features/catalog/ProductListPage.tsx, SearchPage.tsx, PagedGrid.tsx), so the grid's first photos
 * paint with the HTML and the app's take-over moves nothing. web/src/features/catalog/catalogHtml.test.tsx renders
 * both and fails on any difference but one: the sort select and Load more are disabled here, as nothing answers them
 * before the app has taken over (the cards' links work without it).
 */

/** Cards in the first row of a desktop grid: loaded at once; the first is the page's largest picture. */
export const GRID_FIRST_ROW = 4;

type Attributes = Record<string, string | number | undefined>;
const attributes = (values: Attributes) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
const element = (tag: string, values: Attributes, inner: string) => `<${tag}${attributes(values)}>${inner}</${tag}>`;
const text = (value: string) => escapeHtml(value);

/** How a product photo is shown (web/src/components/Photo.tsx and photoHtml). */
export interface PhotoOptions {
  /** The plain URL (the product's `image`): the fallback for a picture from before the image pipeline. */
  fallback: string;
  alt: string;
  /** How wide the photo is shown (shared/images.ts PHOTO_SIZES): the browser picks the variant from it. */
  sizes: string;
  className?: string;
  /** The page's largest picture (its LCP): loaded at once, first, and decoded before it paints. */
  priority?: boolean;
  /** Shown without scrolling (the first row of a grid): loaded at once. Others load when scrolled near. */
  eager?: boolean;
}

/** A product photo as web/src/components/Photo.tsx renders it: <picture> with AVIF and WebP, a JPEG <img>. */
export function photoHtml(photo: Photo | null | undefined, options: PhotoOptions): string {
  const loading = options.priority || options.eager ? 'eager' : 'lazy';
  if (!photo)
    return `<img${attributes({ class: options.className, src: options.fallback, alt: options.alt, loading, decoding: 'async', width: 400, height: 400 })}/>`;
  const { sources, img } = pictureOf(photo, options.sizes);
  return element(
    'picture',
    {},
    sources
      .map((source) => `<source${attributes({ type: source.type, srcset: source.srcSet, sizes: source.sizes })}/>`)
      .join('') +
      `<img${attributes({
        class: options.className,
        src: img.src,
        srcset: img.srcSet,
        sizes: img.sizes,
        alt: options.alt,
        width: img.width,
        height: img.height,
        loading,
        decoding: options.priority ? 'sync' : 'async',
        fetchpriority: options.priority ? 'high' : undefined,
      })}/>`,
  );
}

/** A product card as web/src/components/ProductCard.tsx renders it in a grid. */
export function productCardHtml(product: Product, options: { priority?: boolean; eager?: boolean } = {}): string {
  const name = unescapeText(product.name);
  const badge = stockBadge(product.left);
  const soldOut = product.left !== undefined && product.left <= 0;
  return element(
    'a',
    {
      class: soldOut ? 'product-card sold-out' : 'product-card',
      href: `/product/${product.id}`,
      'data-discover': 'true',
    },
    [
      photoHtml(product.photos[0], { fallback: product.image, alt: name, sizes: PHOTO_SIZES.grid, ...options }),
      element('span', { class: 'reviews' }, text(reviewsLine(product))),
      element('span', { class: 'product-name' }, text(name)),
      element(
        'span',
        { class: product.sale ? 'price on-sale' : 'price' },
        product.sale
          ? [
              text(formatPrice(product.sale.price)),
              ' ',
              element(
                's',
                {},
                [
                  element('span', { class: 'visually-hidden' }, text(SALE_WORDS.was)),
                  text(formatPrice(product.sale.was)),
                ].join(''),
              ),
            ].join('')
          : text(formatPrice(product.price)),
      ),
      product.sale ? element('span', { class: 'sale-ends' }, text(saleEndsShort(product.sale.endsAt))) : '',
      badge ? element('span', { class: soldOut ? 'stock-badge out' : 'stock-badge' }, text(badge)) : '',
    ].join(''),
  );
}

/** The first page of a list and what is said under it, as PagedGrid.tsx renders them (Load more, or the end). */
function pagedGridHtml(products: Product[], more: boolean, end: string): string {
  const cards = products.map((product, index) =>
    productCardHtml(product, { priority: index === 0, eager: index < GRID_FIRST_ROW }),
  );
  // Disabled until the app has taken over (nothing here runs before it): a press cannot be lost.
  const after = more
    ? element('button', { type: 'button', class: 'secondary', disabled: '' }, text(LIST_MESSAGES.loadMore))
    : element('p', { class: 'end' }, text(end));
  return (
    element('div', { class: 'grid product-grid' }, cards.join('')) +
    element('div', { class: 'load-more', 'aria-live': 'polite' }, after)
  );
}

/** A list's first page as the page function has it: its products and whether more follow. */
export interface FirstPage {
  products: Product[];
  more: boolean;
}

/**
 * A category page (its first page, in the order its address asks for: `?sort=`) as ProductListPage.tsx renders it;
 * undefined for an empty category (the SPA's own first render says so).
 */
export function categoryPageHtml(slug: string, list: FirstPage, sort: ProductSort = 'newest'): string | undefined {
  const category = CATEGORIES.find((candidate) => candidate.slug === slug);
  if (!category || list.products.length === 0) return undefined;
  const options = PRODUCT_SORTS.map((value) =>
    element('option', { value, selected: value === sort ? '' : undefined }, text(SORT_LABELS[value])),
  ).join('');
  return element(
    'section',
    { class: 'page category', 'aria-labelledby': 'category-heading' },
    element(
      'div',
      { class: 'category-head' },
      element('h1', { id: 'category-heading' }, text(category.label)) +
        element('label', { class: 'sort' }, `Sort by ${element('select', { disabled: '' }, options)}`),
    ) + pagedGridHtml(list.products, list.more, LIST_MESSAGES.endOfCategory(category.label)),
  );
}

/** The search page's heading (and its title): the words searched, or none yet. */
export const searchHeading = (q: string) => (q ? `Search results for “${q}”` : 'Search the shop');

/** What the search page says before any words were searched. */
export const SEARCH_HINT =
  'Type what you are looking for in the search box above: a product, a scent, a colour or a category.';

/**
 * Search results (their first page) as SearchPage.tsx renders them, or its hint when no words were given (`list`
 * null); undefined when nothing matched (the SPA's own first render says so, with the categories to browse).
 */
export function searchPageHtml(q: string, list: (FirstPage & { total: number }) | null): string | undefined {
  if (list && list.products.length === 0) return undefined;
  const section = (inner: string) =>
    element('section', { class: 'page category', 'aria-labelledby': 'search-heading', 'aria-busy': 'false' }, inner);
  if (!list)
    return section(
      element('h1', { id: 'search-heading' }, 'Search the shop') + element('p', { class: 'card' }, text(SEARCH_HINT)),
    );
  return section(
    element('h1', { id: 'search-heading' }, text(searchHeading(q))) +
      element('p', { class: 'muted', role: 'status' }, text(LIST_MESSAGES.productCount(list.total))) +
      pagedGridHtml(list.products, list.more, LIST_MESSAGES.endOfSearch(list.total)),
  );
}
