import { screen, within } from '@testing-library/react';
import { STOCK_ALERT_MESSAGES as WORDS } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/**
 * /admin/stock-alerts: the back-in-stock requests waiting per product and size (issue 27 item 7), and where to restock
 * each.
 */
const demand = {
  waiting: 9,
  sizes: [
    {
      productId: 'cozy-cabin-hoodie',
      name: 'Cozy Cabin Hoodie',
      size: 'XL',
      stockRef: 'HOODIE-FLEECE',
      waiting: 5,
      available: 0,
      listed: true,
      lastAskedAt: '2026-11-24T10:00:00.000Z',
    },
    {
      productId: 'vanilla-snow-candle',
      name: 'Vanilla Snow Candle',
      size: 'CANDLE',
      stockRef: null,
      waiting: 2,
      available: 3,
      listed: true,
      lastAskedAt: '2026-11-23T10:00:00.000Z',
    },
    {
      productId: 'old-tee',
      name: 'Old Tee',
      size: 'M',
      stockRef: 'TEE-CLASSIC',
      waiting: 1,
      available: 4,
      listed: false,
      lastAskedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      productId: 'gone-rug',
      name: null,
      size: 'CANDLE',
      stockRef: null,
      waiting: 1,
      available: 0,
      listed: false,
      lastAskedAt: '2026-11-19T10:00:00.000Z',
    },
  ],
};
let answer: unknown;
beforeEach(() => {
  answer = demand;
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    urlOf(input) === '/api/admin/stock-alerts'
      ? json(200, answer)
      : json(404, { error: { code: 'not_found', message: 'Not found.' } }),
  ) as typeof fetch;
});

it('lists each size with its requests, what can be bought now, and a link to where its count is changed', async () => {
  renderAdmin('/admin/stock-alerts');
  await screen.findByRole('heading', { name: WORDS.adminTitle });
  const hoodie = screen.getByTestId('demand-cozy-cabin-hoodie-XL');
  expect(within(hoodie).getByRole('rowheader').textContent).toBe('Cozy Cabin Hoodie');
  expect(within(hoodie).getByRole('link', { name: 'Cozy Cabin Hoodie' }).getAttribute('href')).toBe(
    '/product/cozy-cabin-hoodie',
  );
  expect(hoodie.textContent).toContain('XL');
  expect(hoodie.textContent).toContain('5');
  expect(hoodie.textContent).toContain('Sold out');
  expect(within(hoodie).getByRole('link', { name: 'Stock item HOODIE-FLEECE' }).getAttribute('href')).toBe(
    '/admin/items?id=HOODIE-FLEECE',
  );
  const candle = screen.getByTestId('demand-vanilla-snow-candle-CANDLE');
  expect(candle.textContent).toContain('one size');
  expect(candle.textContent).toContain(WORDS.adminMailing);
  expect(within(candle).getByRole('link', { name: 'Product counts' }).getAttribute('href')).toBe(
    '/admin/products?id=vanilla-snow-candle',
  );
  expect(screen.getByTestId('demand-old-tee-M').textContent).toContain(WORDS.adminDrafted);
  const gone = screen.getByTestId('demand-gone-rug-CANDLE');
  expect(gone.textContent).toContain(WORDS.adminGone);
  expect(within(gone).queryByRole('link')).toBeNull();
  expect(screen.getByText('9 requests waiting in all.')).toBeTruthy();
  // Counts only: no addresses.
  expect(document.body.textContent).not.toContain('@');
});

it('says so when nobody waits', async () => {
  answer = { waiting: 0, sizes: [] };
  renderAdmin('/admin/stock-alerts');
  expect(await screen.findByText(WORDS.adminNone)).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});
