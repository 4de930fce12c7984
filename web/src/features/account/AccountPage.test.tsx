import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PROFILE_MESSAGES, RATING_MESSAGES } from '#shared/messages';
import type { ShippingProfile } from '#shared/schemas/address';
import { setTokenSource } from '../../lib/api';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';
import type { AuthState } from '../auth/AuthProvider';

/** A signed-in customer (the page reads `user` and `signOut` from the session). */
const session: Pick<AuthState, 'ready' | 'user' | 'signOut'> = {
  ready: true,
  user: { userId: 'u-ann', email: 'ann@example.com', role: null },
  signOut: async () => {},
};
jest.mock('../auth/AuthProvider', () => ({
  useAuth: () => session,
  AuthProvider: ({ children }: { children: ReactNode }) => children,
}));

const home = {
  name: 'Home',
  email: 'ann@example.com',
  phone: '5125550100',
  address: '1 Main St',
  state: 'TX',
  city: 'Austin',
  zip: '73301',
};
const office = { ...home, name: 'Office', address: '9 Work Way' };
const candle = {
  id: 'cinnamon-candle',
  name: 'Cinnamon Candle',
  image: '/img/c.jpg',
  price: 1899,
  size: 'CANDLE',
  quantity: 1,
};

/** The server as the page meets it: what it holds changes with each write, and every request is kept. */
let server: {
  profiles: ShippingProfile[];
  ratings: Record<string, number>;
  /** The products the server says may be rated (their order has shipped). */
  rateable: string[];
  orders?: unknown[];
  refuse?: { status: number; message: string; fields?: Record<string, string> };
  /** Writes wait for this before they are answered (a write on its way). */
  held?: Promise<void>;
};
let writes: { url: string; method: string; body: unknown }[];
let reads: string[];
let alert: jest.Mock;

beforeEach(() => {
  server = { profiles: [home, office], ratings: {}, rateable: [candle.id] };
  writes = [];
  reads = [];
  setTokenSource(async () => 'token');
  alert = jest.fn();
  window.alert = alert;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? (init?.body ? 'POST' : 'GET');
    if (method !== 'GET' && (url === '/auth/shippingProfiles' || url.endsWith('/reviews'))) {
      const body = JSON.parse(init!.body as string);
      writes.push({ url, method, body });
      await server.held;
      if (server.refuse) {
        const { status, message, fields } = server.refuse;
        return json(status, { error: { code: 'refused', message, ...(fields ? { fields } : {}) } });
      }
      if (url === '/auth/shippingProfiles' && method === 'DELETE')
        server.profiles = server.profiles.filter((_, i) => i !== body.index);
      else if (url === '/auth/shippingProfiles') server.profiles = body.profiles;
      else server.ratings = { ...server.ratings, [decodeURIComponent(url.split('/')[3])]: body.rating };
      return json(200, url === '/auth/shippingProfiles' ? { data: server.profiles } : { rating: body.rating });
    }
    reads.push(url);
    if (url === '/auth/shippingProfiles') return json(200, { data: server.profiles });
    if (url === '/auth/previousOrderCombined') return json(200, { cart: [candle], rateable: server.rateable });
    if (url === '/auth/orders') return json(200, { orders: server.orders ?? [] });
    if (url === '/auth/reviews') return json(200, { ratings: server.ratings });
    if (url === '/auth/cart') return json(200, { cart: { cart: [] } });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

it('shows a saved phone number as people read it, (512) 555-0100, not its stored digits (issue 50 item 11)', async () => {
  renderApp('/account');
  const home = (await screen.findByText(/1 Main St/)).closest('address')!;
  expect(home.textContent).toContain('ann@example.com · (512) 555-0100');
  expect(home.textContent).not.toContain('5125550100');
});

it('DELETE asks first: Cancel keeps the profile and sends nothing; OK deletes it and the page reads what the server now holds', async () => {
  renderApp('/account');
  await screen.findByText(/9 Work Way/);
  const confirm = jest.fn(() => false);
  window.confirm = confirm;
  await userEvent.click(screen.getAllByRole('button', { name: 'DELETE' })[1]);
  expect(confirm).toHaveBeenCalledWith(PROFILE_MESSAGES.confirmDelete('Office'));
  expect(writes).toEqual([]);
  expect(screen.getByText(/9 Work Way/)).toBeTruthy();

  confirm.mockReturnValue(true);
  reads = [];
  await userEvent.click(screen.getAllByRole('button', { name: 'DELETE' })[1]);
  await screen.findByText('Shipping profile deleted.');
  expect(writes).toEqual([{ url: '/auth/shippingProfiles', method: 'DELETE', body: { index: 1 } }]);
  expect(reads).toContain('/auth/shippingProfiles');
  expect(screen.queryByText(/9 Work Way/)).toBeNull();
  expect(screen.getByText(/1 Main St/)).toBeTruthy();
});

it('Save posts every profile once (Save is held while it goes), says so, and shows the profiles as read again', async () => {
  renderApp('/account');
  await screen.findByText(/9 Work Way/);
  await userEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]);
  // While one profile is edited, no other can be edited or deleted.
  expect(
    screen.getAllByRole('button', { name: 'DELETE' }).every((button) => (button as HTMLButtonElement).disabled),
  ).toBe(true);
  const street = screen.getByRole('textbox', { name: 'Address' });
  await userEvent.clear(street);
  await userEvent.type(street, '2 New Rd');
  const save = screen.getByRole('button', { name: 'Save' });
  await userEvent.dblClick(save);
  await screen.findByText('Shipping profiles saved.');
  expect(writes).toHaveLength(1);
  expect(writes[0]).toEqual({
    url: '/auth/shippingProfiles',
    method: 'POST',
    body: { profiles: [{ ...home, address: '2 New Rd' }, office] },
  });
  expect(screen.getByText(/2 New Rd/)).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
});

it('a refused save says the server’s words in the profile’s form, its field message beside the field, and keeps what was typed', async () => {
  renderApp('/account');
  await screen.findByText(/9 Work Way/);
  server.refuse = {
    status: 400,
    message: 'Zip must be 5 digits',
    fields: { 'profiles.1.zip': 'Zip must be 5 digits' },
  };
  let release = () => {};
  server.held = new Promise((resolve) => (release = resolve));
  await userEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]);
  const form = screen.getByRole('form', { name: 'Shipping profile 2' });
  const street = within(form).getByRole('textbox', { name: 'Address' });
  await userEvent.clear(street);
  await userEvent.type(street, '3 Kept Ln');
  reads = [];
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  // On its way: Save says so and is held; nothing is said yet.
  const saving = await within(form).findByRole<HTMLButtonElement>('button', { name: 'Saving…' });
  expect(saving.disabled).toBe(true);
  expect(within(form).getByRole('status').textContent).toBe('');
  release();
  await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('Zip must be 5 digits'));
  const zip = within(form).getByRole('textbox', { name: 'ZIP code' });
  expect(zip.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(zip.getAttribute('aria-describedby')!)!.textContent).toBe('Zip must be 5 digits');
  expect(within(form).getByRole('textbox', { name: 'Address' }).getAttribute('aria-invalid')).toBeNull();
  expect(alert).not.toHaveBeenCalled();
  expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Address' }).value).toBe('3 Kept Ln');
  expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  expect(reads).toEqual([]);
  // Cancel, then Edit again: the old answer is not shown on the profile any more.
  await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  await userEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]);
  const again = screen.getByRole('form', { name: 'Shipping profile 2' });
  expect(within(again).getByRole('status').textContent).toBe('');
  expect(within(again).getByRole('textbox', { name: 'ZIP code' }).getAttribute('aria-invalid')).toBeNull();
});

it('Save checks the profile with the shop’s schema first: the spec’s words, each beside its field, and nothing sent', async () => {
  renderApp('/account');
  await screen.findByText(/9 Work Way/);
  await userEvent.click(screen.getByRole('button', { name: 'ADD+' }));
  const form = screen.getByRole('form', { name: 'Shipping profile 3' });
  const fill = (label: string, value: string) =>
    userEvent.type(within(form).getByRole('textbox', { name: label }), value);
  await fill('Name', 'Cabin');
  await fill('Email', 'ann@example.com');
  await userEvent.type(within(form).getByLabelText('Phone'), '512555');
  await fill('Address', '4 Lake Rd');
  await fill('State', 'Ontario');
  await fill('ZIP code', '7330');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  // The spec's first failing check, in its order: a field left empty (City).
  await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(MESSAGES.profileFieldsRequired));
  const beside = (label: string) => {
    const input = within(form).getByLabelText(label);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    return document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;
  };
  expect(beside('City')).toBe(MESSAGES.profileFieldsRequired);
  expect(beside('Phone')).toBe(MESSAGES.invalidPhone);
  expect(beside('State')).toBe(MESSAGES.invalidProfileState);
  expect(beside('ZIP code')).toBe(MESSAGES.invalidZip);
  expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  expect(writes).toEqual([]);
  expect(alert).not.toHaveBeenCalled();

  await fill('City', 'Austin');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(MESSAGES.invalidPhone));
  expect(writes).toEqual([]);
});

it('a rating shows at once, is saved, and is what the page reads again; a refused one goes back without a word', async () => {
  renderApp('/account');
  await screen.findByText('Cinnamon Candle', { selector: 'strong' });
  await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  await screen.findByText('Thanks for your rating!');
  expect(writes).toEqual([{ url: '/auth/products/cinnamon-candle/reviews', method: 'POST', body: { rating: 4 } }]);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);

  server.refuse = { status: 403, message: 'You can rate what you bought.' };
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
  await waitFor(() => expect(writes).toHaveLength(2));
  await waitFor(() => expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true));
  expect(alert).not.toHaveBeenCalled();
  // Only logged, as the spec says of a failed review save.
  expect(logged.mock.calls.map(([message]) => message)).toEqual(['review save failed']);
  logged.mockRestore();
});

it('offers no stars before the order has shipped: a line says when it can be rated (issue 50 item 7)', async () => {
  server.rateable = [];
  renderApp('/account');
  await screen.findByText('Cinnamon Candle', { selector: 'strong' });
  expect(screen.getByText(RATING_MESSAGES.afterShipping)).toBeTruthy();
  expect(screen.queryByRole('group', { name: 'Rate Cinnamon Candle' })).toBeNull();
  expect(screen.queryByRole('radio')).toBeNull();
});

it('the rating control is labelled (visibly, and by the product for a screen reader) and answers the star chosen', async () => {
  server.ratings = {};
  renderApp('/account');
  await screen.findByText('Cinnamon Candle', { selector: 'strong' });
  const control = screen.getByRole('group', { name: 'Rate Cinnamon Candle' });
  // What a sighted shopper reads over the stars, and the answer under them, which the group points at.
  expect(control.querySelector('legend')!.textContent).toContain(RATING_MESSAGES.label);
  const answer = () => document.getElementById(control.getAttribute('aria-describedby')!)!.textContent;
  expect(answer()).toBe(RATING_MESSAGES.notRated);
  await userEvent.click(within(control).getByRole('radio', { name: '4 stars' }));
  expect(answer()).toBe(RATING_MESSAGES.rated(4));
  await screen.findByText('Thanks for your rating!');
  expect(answer()).toBe('You rated it 4 out of 5');
});

it('ADD+ opens an empty profile, Cancel takes it away; Edit then Cancel shows the saved values; nothing is sent', async () => {
  renderApp('/account');
  await screen.findByText(/9 Work Way/);
  await userEvent.click(screen.getByRole('button', { name: 'ADD+' }));
  const added = screen.getByRole('form', { name: 'Shipping profile 3' });
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'ADD+' }).disabled).toBe(true);
  await userEvent.click(within(added).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('form', { name: 'Shipping profile 3' })).toBeNull();

  await userEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]);
  const street = screen.getByRole('textbox', { name: 'Address' });
  await userEvent.clear(street);
  await userEvent.type(street, '2 Other Rd');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByText(/9 Work Way/)).toBeTruthy();
  expect(screen.queryByText(/2 Other Rd/)).toBeNull();
  expect(writes).toEqual([]);
});

it('the orders: each links to its page, with its total (and the discount), its status and its tracking', async () => {
  const order = {
    orderNumber: '1042',
    status: 'completed',
    createdAt: '2026-05-04T15:00:00.000Z',
    shippingAddress: {
      name: 'Ann',
      email: 'ann@example.com',
      line1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
    },
    lines: [
      { ...candle, quantity: 2 },
      { ...candle, id: 'pine', quantity: 1 },
    ],
    amounts: { subtotal: 5697, discount: 570, shipping: 599, tax: 472, total: 6198 },
    promoCode: 'WELCOME10',
    carrier: 'UPS',
    trackingNumber: '1Z999',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
    shippedAt: '2026-05-05T15:00:00.000Z',
    cancelledAt: null,
    replacementOf: null,
  };
  server.orders = [
    order,
    {
      ...order,
      orderNumber: '1043',
      status: 'pending',
      promoCode: null,
      amounts: { ...order.amounts, discount: 0 },
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    },
  ];
  renderApp('/account');
  const link = await screen.findByRole('link', { name: 'Order #1042' });
  expect(link.getAttribute('href')).toBe('/account/orders/1042');
  const [shipped, processing] = screen.getAllByRole('row').slice(1);
  expect(
    within(shipped)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    '#1042',
    new Date(order.createdAt).toLocaleDateString('en-US'),
    '3',
    '$61.98 ($5.70 off with WELCOME10)',
    'Shipped',
    'Track',
  ]);
  expect(within(shipped).getByRole('link', { name: 'Track' }).getAttribute('href')).toBe(order.trackingUrl);
  expect(
    within(processing)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
      .slice(3),
  ).toEqual(['$61.98', 'Processing', '']);
});
