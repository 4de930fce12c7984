import { RATE_LIMIT_MESSAGES } from '#shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetAnswers } from '../../lib/answers';
import { jsonResponse, renderApp, urlOf } from '../../testing/render';

const photo = { src: '/images/products/p1', width: 1600, height: 1200, widths: [320, 480, 640, 960, 1200, 1600] };
const candle = {
  id: 'c1',
  name: 'Harvest Candle',
  image: '/images/products/p1/640.jpg',
  extraImages: [],
  photos: [photo],
  description: 'Warm',
  price: 2400,
  tag: 'candles',
  averageRating: 4,
  ratingCount: 1,
};
const tee = { ...candle, id: 't1', name: 'Candle-lit Tee', photos: [null], image: '/t.jpg' };

function serve() {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (url.pathname === '/config.json')
      return jsonResponse(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    const q = url.searchParams.get('q') ?? '';
    return jsonResponse(200, { query: q, products: q.startsWith('cand') ? [candle, tee] : [] });
  }) as typeof fetch;
}

/** The search page as the app has it (its route's loader reads the results). */
const show = (path: string) => renderApp(path);

beforeEach(() => {
  forgetAnswers();
  window.scrollTo = jest.fn();
  serve();
});

it('shows the matches as product cards with photos, the count, and the query in the heading and the search box', async () => {
  show('/search?q=cand');
  expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “cand”' })).toBeTruthy();
  const grid = await screen.findByRole('link', { name: /Harvest Candle/ });
  expect(grid.getAttribute('href')).toBe('/product/c1');
  expect(grid.querySelector('picture source[type="image/avif"]')).not.toBeNull();
  expect(
    screen
      .getByRole('link', { name: /Candle-lit Tee/ })
      .querySelector('img')!
      .getAttribute('src'),
  ).toBe('/t.jpg');
  expect(screen.getByText('2 products')).toBeTruthy();
  expect(within(screen.getByRole('search')).getByRole<HTMLInputElement>('searchbox').value).toBe('cand');
  expect(global.fetch).toHaveBeenCalledWith('/api/products/search?q=cand', expect.anything());
});

it('says so when nothing matches and offers the categories', async () => {
  show('/search?q=spaceship');
  const empty = await screen.findByText(
    'No products match “spaceship”. Check the spelling, try a shorter word, or browse a category:',
  );
  expect(within(empty.parentElement!).getByRole('link', { name: 'Candles' }).getAttribute('href')).toBe(
    '/product-list/candles',
  );
});

it('without a query asks for one and sends no request; the header box searches from any page', async () => {
  show('/search');
  expect(await screen.findByText(/Type what you are looking for/)).toBeTruthy();
  expect((global.fetch as jest.Mock).mock.calls.filter(([url]) => String(url).includes('/search'))).toHaveLength(0);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), '  cand  ');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “cand”' })).toBeTruthy();
});

it('tells a client over the search limit to wait, in the server’s words', async () => {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (url.pathname === '/config.json')
      return jsonResponse(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    return jsonResponse(429, { error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.search } });
  }) as typeof fetch;
  show('/search?q=cand');
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Too many searches from your connection. Please wait a minute and try again.',
  );
});

describe('a long list of matches (53 candles)', () => {
  const match = (i: number) => ({
    ...candle,
    id: `m${i}`,
    name: `Match Candle ${i}`,
    photos: [null],
    image: `/m${i}.jpg`,
  });
  /** The API's pages of 24: offset cursors, the total on every page. */
  function servePages() {
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = new URL(urlOf(input), 'http://shop.test');
      if (url.pathname === '/config.json')
        return jsonResponse(200, {
          region: 'us-east-1',
          userPoolId: 'p',
          userPoolClientId: 'c',
          cognitoEndpoint: null,
          stripePublishableKey: null,
          paymentMode: 'test',
        });
      const offset = Number(url.searchParams.get('cursor') ?? 0);
      const products = Array.from({ length: Math.min(24, 53 - offset) }, (_, i) => match(offset + i + 1));
      return jsonResponse(200, {
        query: 'candle',
        products,
        total: 53,
        nextCursor: offset + 24 < 53 ? String(offset + 24) : null,
      });
    }) as typeof fetch;
  }

  it('says how many match, shows them a page at a time with Load more, and focus goes to the first new card', async () => {
    servePages();
    show('/search?q=candle');
    expect(await screen.findByText('53 products')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Match Candle/ })).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Match Candle/ })).toHaveLength(48));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Match Candle 25\b/ })));
    expect(global.fetch).toHaveBeenCalledWith('/api/products/search?q=candle&cursor=24', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Match Candle/ })).toHaveLength(53));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Match Candle 49\b/ })));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is all 53 matches.')).toBeTruthy();
    expect(screen.getByText('53 products')).toBeTruthy();
  });

  it('an address with &pages=3 (back from a product) shows all three pages at once', async () => {
    servePages();
    show('/search?q=candle&pages=3');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Match Candle/ })).toHaveLength(53));
    expect(screen.getByText('That is all 53 matches.')).toBeTruthy();
  });
});

it('other words searched from the header: the results shown stay, and the page says it is searching, until the new ones come', async () => {
  show('/search?q=cand');
  await screen.findByRole('link', { name: /Harvest Candle/ });
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const served = global.fetch as jest.Mock;
  global.fetch = jest.fn(async (...args: Parameters<typeof fetch>) => {
    await held;
    return served(...args) as Response;
  }) as typeof fetch;
  const box = screen.getByRole('searchbox', { name: 'Search products' });
  await userEvent.clear(box);
  await userEvent.type(box, 'spaceship');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect((await screen.findByText('Searching for “spaceship”…')).getAttribute('role')).toBe('status');
  expect(screen.getByRole('link', { name: /Harvest Candle/ })).toBeTruthy();
  answer();
  expect(await screen.findByText(/No products match “spaceship”/)).toBeTruthy();
  expect(screen.queryByText('Searching for “spaceship”…')).toBeNull();
});
