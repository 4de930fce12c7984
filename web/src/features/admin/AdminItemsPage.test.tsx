import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ITEM_MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
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

/** The add form, its POST answered by `answer` (the bodies it was sent kept in `added`). */
async function showAddForm(answer: () => Promise<Response>) {
  const listed = global.fetch as jest.Mock;
  const added: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      added.push(JSON.parse(init.body as string));
      return answer();
    }
    return listed(input, init) as Promise<Response>;
  }) as typeof fetch;
  renderAdmin('/admin/items');
  return { form: await screen.findByRole('form', { name: 'Add a stock item' }), added };
}

it("Add stock item is held while it goes, and the server's messages show beside the id and the count they name", async () => {
  const shop = heldRefusal({ id: 'An item with this id exists.', 'stock.M': 'Counts can be at most 1,000,000.' });
  const { form, added } = await showAddForm(shop.answer);
  await userEvent.type(within(form).getByLabelText(/Item id/), 'SPARE');
  await userEvent.type(within(form).getByLabelText('M'), '3');
  await userEvent.click(within(form).getByRole('button', { name: 'Add stock item' }));
  await waitFor(() =>
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: /Adding/ }).disabled).toBe(true),
  );
  shop.release();
  const id = within(form).getByLabelText<HTMLInputElement>(/Item id/);
  await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('An item with this id exists.')).toBeTruthy();
  expect(within(form).getByLabelText('M').getAttribute('aria-invalid')).toBe('true');
  expect(within(form).getByText('Counts can be at most 1,000,000.')).toBeTruthy();
  expect(within(form).getByLabelText('S').getAttribute('aria-invalid')).not.toBe('true');
  expect(id.value).toBe('SPARE');
  expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Add stock item' }).disabled).toBe(false);
  expect(added).toEqual([{ id: 'SPARE', stock: stock(0, 3, 0) }]);
});

it('a count the server would refuse is said beside its size, and nothing is sent', async () => {
  const { form, added } = await showAddForm(async () => json(201, {}));
  await userEvent.type(within(form).getByLabelText(/Item id/), 'NEW-TEE');
  // (The browser itself stops a negative or broken count: min 0, whole steps.)
  await userEvent.type(within(form).getByLabelText('L'), '2000000');
  await userEvent.click(within(form).getByRole('button', { name: 'Add stock item' }));
  const large = within(form).getByLabelText('L');
  await waitFor(() => expect(large.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getByText('Counts can be at most 1,000,000.')).toBeTruthy();
  expect(added).toEqual([]);
});

it('Update of a count that is not a whole number says so and sends nothing (it is not read as 0)', async () => {
  renderAdmin('/admin/items');
  const wrap = await rowOf('WRAP-ROLL');
  const sheets = within(wrap).getByLabelText('WRAP-ROLL 20inX40in');
  await userEvent.clear(sheets);
  await userEvent.type(sheets, '1.5');
  await userEvent.click(within(wrap).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText(/Counts must be whole numbers, 0 or more\./)).toBeTruthy();
  expect(saved).toEqual([]);
});
