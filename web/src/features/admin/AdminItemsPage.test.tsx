import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ITEM_MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/**
 * The owner's stock items (issue 34 item 5): a gift wrap's counts are named by the sheet sizes shoppers pick
 * (18inX36in for the S count, ...), labels only: what is saved stays S to 2XL.
 */
const stock = (S: number, M: number, L: number, XL = 0, XXL = 0) => ({ S, M, L, XL, '2XL': XXL });
const items = [
  { id: 'HOODIE-FLEECE', stock: stock(5, 4, 3, 2, 1), version: 1, families: ['apparel'] },
  { id: 'SPARE', stock: stock(0, 0, 0), version: 1, families: [] },
  { id: 'WRAP-ROLL', stock: stock(7, 0, 2, 6, 0), version: 4, families: ['giftwrap'] },
].map((item) => ({ ...item, updatedAt: '2026-11-20T10:00:00.000Z' }));
let saved: { url: string; body: unknown }[];

beforeEach(() => {
  saved = [];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { stock: object; version: number };
      saved.push({ url: url.pathname, body });
      return json(200, { ...items[2], ...body, version: body.version + 1 });
    }
    if (url.pathname === '/api/admin/items') return json(200, { items, total: items.length, nextCursor: null });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const rowOf = async (id: string) => (await screen.findByRole('rowheader', { name: id })).closest('tr')!;
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 5);

it("a gift wrap's item shows its S, M and L counts under the sheet sizes, and sells no XL or 2XL", async () => {
  renderAdmin('/admin/items');
  const wrap = await rowOf('WRAP-ROLL');
  expect(cellsOf(wrap).map((cell) => cell.querySelector('.size-name')?.textContent ?? null)).toEqual([
    '18inX36in',
    '20inX40in',
    '24inX44in',
    null,
    null,
  ]);
  expect(within(wrap).getByLabelText<HTMLInputElement>('WRAP-ROLL 18inX36in').value).toBe('7');
  expect(within(wrap).getByLabelText<HTMLInputElement>('WRAP-ROLL 24inX44in').value).toBe('2');
  expect(within(wrap).queryByLabelText('WRAP-ROLL XL')).toBeNull();
  expect(cellsOf(wrap)[3].textContent).toContain(ITEM_MESSAGES.unsold);
  // Apparel (and an item nothing links to yet) keep S to 2XL, with no second name.
  const hoodie = await rowOf('HOODIE-FLEECE');
  expect(within(hoodie).getByLabelText<HTMLInputElement>('HOODIE-FLEECE XL').value).toBe('2');
  expect(hoodie.querySelector('.size-name')).toBeNull();
  expect(within(await rowOf('SPARE')).getAllByRole('spinbutton')).toHaveLength(5);
});

it('Update saves the counts under the stored keys: labels only', async () => {
  renderAdmin('/admin/items');
  const wrap = await rowOf('WRAP-ROLL');
  const sheets = within(wrap).getByLabelText('WRAP-ROLL 20inX40in');
  await userEvent.clear(sheets);
  await userEvent.type(sheets, '12');
  await userEvent.click(within(wrap).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Updated WRAP-ROLL.')).toBeTruthy();
  // The XL count nothing sells is sent back as it was stored.
  expect(saved).toEqual([{ url: '/api/admin/items/WRAP-ROLL', body: { stock: stock(7, 12, 2, 6, 0), version: 4 } }]);
});
