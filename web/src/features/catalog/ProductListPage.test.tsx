import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, RATING_MESSAGES } from '#shared/messages';
import { forgetAnswers } from '../../lib/answers';
import { renderApp } from '../../testing/render';

const candle = {
  id: 'c1',
  name: 'Cider &amp; Spice Candle',
  image: '/c.svg',
  extraImages: [],
  description: 'Warm',
  price: 1899,
  tag: 'candles,hot',
  averageRating: 4.5,
  ratingCount: 2,
};

/** GET /api/products?category=slug answers {products: [Product]} (shared/schemas/product.ts). */
function serve(products: unknown[]) {
  global.fetch = jest.fn(
    async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ products }) }) as Response,
  ) as typeof fetch;
}

/** The category page as the app has it: its route's loader reads the list, the page shows what it read. */
const show = (path: string) => renderApp(path);

beforeEach(() => {
  forgetAnswers();
  window.scrollTo = jest.fn();
});

it('shows a loading status while the list is read, then the empty text of the spec', async () => {
  serve([]);
  const { router } = show('/about-us');
  await screen.findByRole('heading', { level: 1, name: 'About Us' });
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const served = global.fetch as jest.Mock;
  global.fetch = jest.fn(async (...args: Parameters<typeof fetch>) => {
    await held;
    return served(...args) as Response;
  }) as typeof fetch;
  act(() => void router.navigate('/product-list/rugs'));
  // The page shown stays while the list is read; the status says the next one is coming.
  expect((await screen.findByText('Loading the page…')).closest('[role=status]')).not.toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeTruthy();
  answer();
  expect(await screen.findByText(MESSAGES.noProductsInCategory)).toBeTruthy();
  expect(screen.queryByText('Loading the page…')).toBeNull();
  expect(served).toHaveBeenCalledWith('/api/products?category=rugs', expect.anything());
});

it('shows a card per product with image, reviews, name and price, linking to the product', async () => {
  serve([candle]);
  show('/product-list/candles');
  const link = await screen.findByRole('link', { name: /Cider & Spice Candle/ });
  expect(link.getAttribute('href')).toBe('/product/c1');
  expect(link.textContent).toContain('Reviews: 4.5/5');
  expect(link.textContent).toContain('$18.99');
  expect(screen.getByRole('img', { name: 'Cider & Spice Candle' })).toBeTruthy();
});

it('says "No ratings yet" on a product nobody has rated, never "Reviews: 0/5" (issue 50 item 7)', async () => {
  serve([{ ...candle, id: 'c2', name: 'Unrated Candle', averageRating: 0, ratingCount: 0 }]);
  show('/product-list/candles');
  const link = await screen.findByRole('link', { name: /Unrated Candle/ });
  expect(link.querySelector('.reviews')!.textContent).toBe(RATING_MESSAGES.noRatings);
  expect(link.textContent).not.toContain('0/5');
});

it('shows the not-found page for an unknown category', async () => {
  serve([]);
  show('/product-list/spaceships');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  expect(global.fetch).not.toHaveBeenCalled();
});

describe('pages: a first screenful, then Load more (issue 17)', () => {
  const card = (i: number) => ({ ...candle, id: `c${i}`, name: `Candle ${i}` });
  /** Page 1 (two cards, a cursor), page 2 (one card, the end), by the cursor asked for. */
  function servePages() {
    global.fetch = jest.fn(async (url: string) => {
      const second = String(url).includes('cursor=NEXT');
      const body = second
        ? { products: [card(3)], nextCursor: null }
        : { products: [card(1), card(2)], nextCursor: 'NEXT' };
      return { ok: true, status: 200, text: async () => JSON.stringify(body) } as Response;
    }) as unknown as typeof fetch;
  }

  it('adds the next page below the cards shown, and says when everything is shown', async () => {
    servePages();
    show('/product-list/candles');
    await screen.findByRole('link', { name: /Candle 2/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Candle 3/ });
    expect(screen.getAllByRole('link', { name: /Candle \d/ }).map((link) => link.textContent)).toEqual([
      expect.stringContaining('Candle 1'),
      expect.stringContaining('Candle 2'),
      expect.stringContaining('Candle 3'),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText(/That is everything in Candles/)).toBeTruthy();
    expect(global.fetch).toHaveBeenLastCalledWith('/api/products?category=candles&cursor=NEXT', expect.anything());
  });

  it('moves keyboard focus to the first card of the new page, when Load more stays and when it goes (never to <body>)', async () => {
    // Three pages: 1-2, 3-4, 5.
    global.fetch = jest.fn(async (url: string) => {
      const body = String(url).includes('cursor=P3')
        ? { products: [card(5)], nextCursor: null }
        : String(url).includes('cursor=P2')
          ? { products: [card(3), card(4)], nextCursor: 'P3' }
          : { products: [card(1), card(2)], nextCursor: 'P2' };
      return { ok: true, status: 200, text: async () => JSON.stringify(body) } as Response;
    }) as unknown as typeof fetch;
    show('/product-list/candles');
    await screen.findByRole('link', { name: /Candle 2/ });
    const button = screen.getByRole('button', { name: 'Load more' });
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('link', { name: /Candle 4/ });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Candle 3/ })));
    // The button stays (a page is left): still reachable, after the new cards.
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Candle 5/ });
    // The last page: the button is gone, focus is on its first card, not on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Candle 5/ })));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('back from a product shows the pages loaded at once, from memory: no request', async () => {
    servePages();
    const { router } = show('/product-list/candles');
    await screen.findByRole('link', { name: /Candle 2/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Candle 3/ });
    expect(router.state.location.search).toBe('?pages=2');
    const asked = (global.fetch as jest.Mock).mock.calls.length;
    await act(() => router.navigate('/about-us'));
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: /Candle 3/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Candle \d/ })).toHaveLength(3);
    expect((global.fetch as jest.Mock).mock.calls.length).toBe(asked);
  });

  it('an address with ?pages=2 (the back button, a shared link) shows both pages; ?sort= asks the API in that order', async () => {
    servePages();
    const { unmount } = show('/product-list/candles?pages=2');
    await screen.findByRole('link', { name: /Candle 3/ });
    unmount();
    forgetAnswers();
    servePages();
    show('/product-list/candles?sort=price-asc');
    await screen.findAllByRole('link', { name: /Candle 1/ });
    expect(global.fetch).toHaveBeenCalledWith('/api/products?category=candles&sort=price-asc', expect.anything());
  });
});
