import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { setTokenSource } from '../../lib/api';
import { heldRefusal } from '../../testing/held';
import { ADMIN_TEST_TOKEN, jsonResponse as json, urlOf } from '../../testing/render';
import { action } from './AdminQuotePage';
import { OfferForm, type CatalogueProduct } from './OfferForm';
import { catalogueProducts } from './quotesAdmin';

/**
 * The owner's offer form (issue 50 item 5): one "Something ships" checkbox, and a stocked product chosen from the
 * catalogue (a labelled list of the listed products, then the chosen one's sizes as shoppers pick them), never typed
 * as an id.
 */
const catalogue: CatalogueProduct[] = [
  {
    id: 'harvest-candle',
    name: 'Harvest Spice Candle',
    price: 2400,
    sizes: [{ size: 'CANDLE', available: 12 }],
  },
  {
    id: 'pumpkin-tee',
    name: 'Pumpkin &amp; Co Tee',
    price: 2800,
    sizes: [
      { size: 'S', available: 4 },
      { size: 'M', available: 0 },
      { size: 'L', available: 9 },
    ],
  },
];
/** What the page's action sent the shop (POST /api/admin/quotes/{quoteId}/offers), and how the shop answers. */
const sent = jest.fn();
let answer: () => Promise<Response>;
/** The form on the quote's page, sent through that page's own action (prices read, the schema, then the shop). */
const show = () => {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) !== '/api/admin/quotes/q1/offers') return json(404, {});
    sent(JSON.parse(init!.body as string));
    return answer();
  }) as typeof fetch;
  const router = createMemoryRouter(
    [
      {
        path: '/admin/quotes/:quoteId',
        element: <OfferForm service="printing" quantity={10} catalogue={catalogue} />,
        action,
      },
    ],
    { initialEntries: ['/admin/quotes/q1'] },
  );
  return render(<RouterProvider router={router} />);
};

beforeEach(() => {
  sent.mockClear();
  // The shop's answer is not read here: a 404 leaves the form as it was.
  answer = async () => json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

it('draws "Something ships" once, as one checkbox that says whether it is ticked', async () => {
  show();
  const form = screen.getByRole('form', { name: 'New offer' });
  expect(within(form).getAllByRole('checkbox')).toHaveLength(1);
  const ships = within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Something ships' });
  // Printing ships: ticked, with its shipping; unticked, no shipping field.
  expect(ships.checked).toBe(true);
  expect(within(form).getByRole('textbox', { name: 'Shipping ($)' })).toBeTruthy();
  await userEvent.click(ships);
  expect(ships.checked).toBe(false);
  expect(within(form).queryByRole('textbox', { name: 'Shipping ($)' })).toBeNull();
  expect(within(form).getAllByRole('checkbox')).toHaveLength(1);
  // No field asks for a product id.
  expect(within(form).queryByRole('textbox', { name: /product id/i })).toBeNull();
});

it('chooses a stocked product from the catalogue, then its size with what is in stock; the offer sends both', async () => {
  show();
  const picker = screen.getByLabelText<HTMLSelectElement>(/^From stock/);
  expect([...picker.options].map((option) => option.textContent)).toEqual([
    'Not from stock',
    'Harvest Spice Candle · $24.00',
    'Pumpkin & Co Tee · $28.00',
  ]);
  // No size is asked for until a product is chosen.
  expect(screen.queryByLabelText(/^Size/)).toBeNull();
  await userEvent.selectOptions(picker, 'pumpkin-tee');
  const size = screen.getByLabelText<HTMLSelectElement>(/^Size/);
  expect([...size.options].map((option) => option.textContent)).toEqual([
    'Choose a size',
    'S (4 in stock)',
    'M (sold out)',
    'L (9 in stock)',
  ]);
  await userEvent.selectOptions(size, 'L');
  // The product's name became the line's description (none was typed).
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Description/ }).value).toBe('Pumpkin & Co Tee');
  await userEvent.type(screen.getByRole('textbox', { name: /Unit price/ }), '30');
  await userEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
  await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
  expect(sent.mock.calls[0][0].lines).toEqual([
    {
      description: 'Pumpkin & Co Tee',
      kind: 'goods',
      quantity: 10,
      unitPrice: 3000,
      productId: 'pumpkin-tee',
      size: 'L',
    },
  ]);
});

it('a one-size product needs no size choice; "Not from stock" takes the product off the line again', async () => {
  show();
  const picker = screen.getByLabelText<HTMLSelectElement>(/^From stock/);
  await userEvent.selectOptions(picker, 'harvest-candle');
  expect(screen.getByLabelText<HTMLSelectElement>(/^Size/).value).toBe('CANDLE');
  await userEvent.selectOptions(picker, '');
  expect(screen.queryByLabelText(/^Size/)).toBeNull();
  await userEvent.type(screen.getByRole('textbox', { name: /Unit price/ }), '5');
  await userEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
  await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
  expect(sent.mock.calls[0][0].lines[0]).not.toHaveProperty('productId');
});

it('a price that cannot be read is said beside its field, and nothing is sent', async () => {
  show();
  await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Forty tees');
  const price = screen.getByRole('textbox', { name: /Unit price/ });
  await userEvent.type(price, '3o');
  await userEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
  await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Type the prices in dollars, like 32 or 32.50.')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: /Description/ }).getAttribute('aria-invalid')).toBe('false');
  expect(sent).not.toHaveBeenCalled();
});

it("the offer is held while it goes; the shop's message for a field shows beside that field", async () => {
  const shop = heldRefusal({ 'lines.0.quantity': 'Quantity can be at most 10000.' });
  answer = shop.answer;
  show();
  await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Forty tees');
  await userEvent.type(screen.getByRole('textbox', { name: /Unit price/ }), '12');
  await userEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
  const sending = await screen.findByRole<HTMLButtonElement>('button', { name: 'Sending…' });
  expect(sending.disabled).toBe(true);
  shop.release();
  const quantity = screen.getByRole('spinbutton', { name: /Quantity/ });
  await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Quantity can be at most 10000.')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: /Unit price/ }).getAttribute('aria-invalid')).toBe('false');
  expect(sent).toHaveBeenCalledTimes(1);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Description/ }).value).toBe('Forty tees');
});

it('the catalogue is every listed product, read page after page, by name', async () => {
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  const asked: URLSearchParams[] = [];
  const product = (id: string, name: string) => ({
    id,
    name,
    image: '/i.svg',
    extraImages: [],
    description: 'd',
    price: 1000,
    tag: 'candles',
    averageRating: 0,
    status: 'listed',
    version: 1,
    stock: { CANDLE: 3 },
    sizes: [{ size: 'CANDLE', available: 3 }],
  });
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://shop.test');
    asked.push(url.searchParams);
    return url.searchParams.get('cursor')
      ? json(200, { products: [product('b', 'Birch Candle')], total: 2, nextCursor: null })
      : json(200, { products: [product('z', 'Zinnia Candle')], total: 2, nextCursor: 'c1' });
  }) as typeof fetch;
  expect((await catalogueProducts()).map((p) => p.name)).toEqual(['Birch Candle', 'Zinnia Candle']);
  expect(asked.map((query) => [query.get('limit'), query.get('cursor')])).toEqual([
    ['200', null],
    ['200', 'c1'],
  ]);
});
