import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHIPPING_WORDS } from '#shared/shipping';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** The owner's Shipping page: the settings read, typed in dollars, checked, saved whole; the server's words beside. */
const calls: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
let settings: Record<string, unknown>;
/** A PUT waits for this before it is answered (a save on its way). */
let held: Promise<void> | undefined;

beforeEach(() => {
  held = undefined;
  calls.length = 0;
  settings = { offerFlat: true, flatCents: 599, freeOverCents: null, calculated: false, shipFrom: null };
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method, url, body });
    if (url === '/api/admin/shipping/settings' && method === 'GET') return json(200, settings);
    if (url === '/api/admin/shipping/settings' && method === 'PUT') {
      await held;
      const from = body!.shipFrom as Record<string, string> | null;
      if (from?.street1 === '1 Nowhere Rd')
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'Please check the highlighted fields.',
            fields: { 'shipFrom.street1': 'The carrier cannot find this address.' },
          },
        });
      settings = body!;
      return json(200, settings);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const puts = () => calls.filter((call) => call.method === 'PUT');
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Save shipping settings|Saving/ });

it('shows the settings read in dollars; a dollar amount it cannot read is said beside its field and nothing is sent', async () => {
  renderAdmin('/admin/shipping');
  const flat = await screen.findByLabelText<HTMLInputElement>(/^Flat rate/);
  expect(flat.value).toBe('5.99');
  expect(screen.getByLabelText<HTMLInputElement>(/^Free shipping over/).value).toBe('');
  await userEvent.clear(flat);
  await userEvent.type(flat, 'five');
  await userEvent.click(saveButton());
  await waitFor(() => expect(flat.getAttribute('aria-invalid')).toBe('true'));
  expect(describedBy(flat)).toContain(SHIPPING_WORDS.settingsDollars);
  expect(puts()).toEqual([]);
});

it("checks the address with the shared schema first; Save waits while it goes; the server's refusal is beside its field", async () => {
  renderAdmin('/admin/shipping');
  await screen.findByLabelText(/^Flat rate/);
  await userEvent.type(screen.getByLabelText('Name or business'), 'Seasonal Shop');
  await userEvent.type(screen.getByLabelText('Address'), '1 Nowhere Rd');
  await userEvent.type(screen.getByLabelText('City'), 'Springfield');
  await userEvent.type(screen.getByLabelText('State'), 'ZZ');
  await userEvent.type(screen.getByLabelText('ZIP code'), '62701');
  await userEvent.type(screen.getByLabelText('Phone'), '(217) 555-0100');
  await userEvent.click(saveButton());
  // The shared schema's words beside the state, and nothing sent.
  const state = screen.getByLabelText('State');
  await waitFor(() => expect(state.getAttribute('aria-invalid')).toBe('true'));
  expect(puts()).toEqual([]);

  await userEvent.clear(state);
  await userEvent.type(state, 'IL');
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  await userEvent.click(saveButton());
  await waitFor(() => expect(saveButton().disabled).toBe(true));
  expect(saveButton().textContent).toBe('Saving…');
  release();
  const street = screen.getByLabelText('Address');
  await waitFor(() => expect(street.getAttribute('aria-invalid')).toBe('true'));
  expect(describedBy(street)).toContain('The carrier cannot find this address.');
  expect(state.getAttribute('aria-invalid')).toBeNull();
  expect(puts()).toHaveLength(1);
  expect(saveButton().disabled).toBe(false);
});

it('saves the whole settings in cents with the ship-from address, and says so', async () => {
  renderAdmin('/admin/shipping');
  const flat = await screen.findByLabelText(/^Flat rate/);
  await userEvent.clear(flat);
  await userEvent.type(flat, '$6.50');
  await userEvent.type(screen.getByLabelText(/^Free shipping over/), '75');
  await userEvent.click(screen.getByLabelText(/calculated rates/));
  await userEvent.type(screen.getByLabelText('Name or business'), 'Seasonal Shop');
  await userEvent.type(screen.getByLabelText('Address'), '12 Main St');
  await userEvent.type(screen.getByLabelText('City'), 'Springfield');
  await userEvent.type(screen.getByLabelText('State'), 'IL');
  await userEvent.type(screen.getByLabelText('ZIP code'), '62701');
  await userEvent.type(screen.getByLabelText('Phone'), '(217) 555-0100');
  await userEvent.click(saveButton());
  await screen.findByText(SHIPPING_WORDS.settingsSaved);
  expect(puts()).toHaveLength(1);
  expect(puts()[0].body).toEqual({
    offerFlat: true,
    flatCents: 650,
    freeOverCents: 7500,
    calculated: true,
    shipFrom: {
      name: 'Seasonal Shop',
      street1: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phone: '(217) 555-0100',
    },
  });
  expect(screen.getByLabelText<HTMLInputElement>(/^Flat rate/).value).toBe('$6.50');
});

it('calculated rates without a ship-from address are refused beside their box before anything is sent', async () => {
  renderAdmin('/admin/shipping');
  await screen.findByLabelText(/^Flat rate/);
  await userEvent.click(screen.getByLabelText(/calculated rates/));
  await userEvent.click(saveButton());
  await screen.findByText(SHIPPING_WORDS.needShipFrom);
  expect(puts()).toEqual([]);
});
