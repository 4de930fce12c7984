import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { categoryPageHtml, photoHtml, productCardHtml, searchPageHtml } from '#shared/catalog-html';
import { CATEGORIES } from '#shared/categories';
import { PHOTO_SIZES } from '#shared/images';
import type { Product } from '#shared/schemas/product';
import { Photo } from '../../components/Photo';
import { ProductCard } from '../../components/ProductCard';
import ProductListPage from './ProductListPage';
import SearchPage from './SearchPage';

/**
 * The page function paints a category's and search's first screen from shared/catalog-html.ts (docs/decisions/0132);
 * the app then renders its own components in their place. Any difference between the two would move or change what
 * the shopper already sees: each is compared, node by node, with what React renders for the same data.
 */

const photo = { src: '/images/photos/0b6c/candle.jpg', width: 2400, height: 1800, widths: [320, 640, 960, 1200, 1600] };
const product = (id: string, extra: Partial<Product> = {}): Product => ({
  id,
  name: `Cider &amp; Spice "Candle" <${id}>`,
  image: `/images/photos/${id}/640.jpg`,
  extraImages: [],
  description: 'Warm',
  price: 1899,
  tag: 'candles',
  averageRating: 4.5,
  ratingCount: 2,
  photos: [photo],
  ...extra,
});
const products = [
  product('c1', { left: 2 }),
  product('c2', { left: 0 }),
  product('c3', { photos: [null], image: '/old.jpg' }),
  product('c4', { averageRating: 0 }),
  product('c5', { name: "Maple's & Pine" }),
];

/** HTML as nodes, to compare regardless of attribute order, quoting and entity spelling. */
function nodes(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function expectSame(ours: string | undefined, react: string) {
  expect(ours).toBeDefined();
  const a = nodes(ours!);
  // The one difference: before the app has taken over, the controls are disabled (nothing would answer them).
  for (const control of a.querySelectorAll('select, button')) {
    expect(control.hasAttribute('disabled')).toBe(true);
    control.removeAttribute('disabled');
  }
  // React hoists a preload of an eager <img> without srcset to the document's head: not the page's markup.
  const b = nodes(react.replace(/<link rel="preload" as="image"[^>]*>/g, ''));
  // The text first, so a failure says what differs; then every node and attribute.
  expect(a.firstElementChild?.outerHTML).toBe(b.firstElementChild?.outerHTML);
  expect(a.isEqualNode(b)).toBe(true);
}

/** A route's page rendered as the app renders it once its loader has answered `data`. */
function page(path: string, url: string, element: ReactElement, data: unknown): string {
  const router = createMemoryRouter([{ id: 'page', path, element }], {
    initialEntries: [url],
    hydrationData: { loaderData: { page: data } },
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

it('draws a photo as Photo does: priority, first row, lazy, and a picture from before the pipeline', () => {
  for (const options of [{ priority: true, eager: true }, { eager: true }, {}]) {
    const props = { fallback: '/f.jpg', alt: 'A "candle" & <co>', sizes: PHOTO_SIZES.grid, className: 'x', ...options };
    expectSame(photoHtml(photo, props), renderToStaticMarkup(<Photo photo={photo} {...props} />));
    expectSame(photoHtml(null, props), renderToStaticMarkup(<Photo photo={null} {...props} />));
  }
});

it('draws every kind of card as ProductCard does', () => {
  for (const item of products) {
    const router = createMemoryRouter([{ path: '/', element: <ProductCard product={item} eager /> }]);
    expectSame(productCardHtml(item, { eager: true }), renderToStaticMarkup(<RouterProvider router={router} />));
  }
});

it('draws a category page as ProductListPage does, with Load more or the end under it', () => {
  const category = CATEGORIES.find((c) => c.slug === 'candles')!;
  for (const more of [true, false]) {
    const list = { products, more, failed: false };
    expectSame(
      categoryPageHtml('candles', { products, more }),
      page('/product-list/:category', '/product-list/candles', <ProductListPage />, { category, list }),
    );
  }
  // In the order its address asks for (?sort=), its select showing that order.
  for (const sort of ['price-asc', 'rating'] as const) {
    const list = { products, more: false, failed: false };
    expectSame(
      categoryPageHtml('candles', { products, more: false }, sort),
      page('/product-list/:category', `/product-list/candles?sort=${sort}`, <ProductListPage />, { category, list }),
    );
  }
  expect(categoryPageHtml('candles', { products: [], more: false })).toBeUndefined();
  expect(categoryPageHtml('no-such', { products, more: false })).toBeUndefined();
});

it('draws search results as SearchPage does, its count and its end', () => {
  for (const [shown, total, more] of [
    [products, 7, true],
    [products.slice(0, 1), 1, false],
  ] as const) {
    const list = {
      products: [...shown],
      more,
      failed: false,
      first: { products: [...shown], total, nextCursor: null },
    };
    expectSame(
      searchPageHtml('cider & "spice"', { products: [...shown], more, total }),
      page('/search', `/search?q=${encodeURIComponent('cider & "spice"')}`, <SearchPage />, {
        q: 'cider & "spice"',
        list,
      }),
    );
  }
  expect(searchPageHtml('x', { products: [], more: false, total: 0 })).toBeUndefined();
  expectSame(searchPageHtml('', null), page('/search', '/search', <SearchPage />, { q: '', list: null }));
});
