import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROMO_FORM_MESSAGES } from '#shared/messages';
import { setTokenSource } from '../../lib/api';
import { ADMIN_TEST_TOKEN, jsonResponse as json, renderAdmin, urlOf } from '../../testing/render';

/** The owner's promo codes page: the list with uses, making a code (field messages from the server), deactivating. */
const stamp = '2026-06-01T10:00:00.000Z';
const welcome = {
  code: 'WELCOME10',
  kind: 'percent',
  value: 10,
  maxPerCustomer: 1,
  active: true,
  redemptions: 3,
  description: '10% off your order',
  version: 1,
  createdAt: stamp,
  updatedAt: stamp,
};
const calls: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
let codes: Record<string, unknown>[];
let confirmed: jest.Mock;
let scrolled: jest.Mock;
/** The page alone (the admin shell's session is stubbed by the token source). */
const show = () => renderAdmin('/admin/promo-codes');

/** A POST waits for this before it is answered (a write on its way). */
let held: Promise<void> | undefined;

beforeEach(() => {
  held = undefined;
  calls.length = 0;
  codes = [welcome];
  setTokenSource(async () => ADMIN_TEST_TOKEN);
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method, url, body });
    if (url === '/api/admin/promo-codes' && method === 'GET') return json(200, { promoCodes: codes });
    if (url === '/api/admin/promo-codes' && method === 'POST') {
      await held;
      if (body?.code === 'welcome10')
        return json(409, {
          error: {
            code: 'promo_code_exists',
            message: 'Please check the highlighted fields.',
            fields: { code: 'There is a code WELCOME10 already.' },
          },
        });
      if (body?.value === 150)
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'Please check the highlighted fields.',
            fields: { value: 'A percent is a whole number from 1 to 100.' },
          },
        });
      const made = {
        ...welcome,
        code: String(body!.code).toUpperCase(),
        value: body!.value,
        maxRedemptions: body!.maxRedemptions,
        maxPerCustomer: undefined,
        redemptions: 0,
        description: `${String(body!.value)}% off your order`,
      };
      codes = [...codes, made];
      return json(201, made);
    }
    if (url === '/api/admin/promo-codes/WELCOME10' && method === 'PUT') {
      codes = [{ ...welcome, active: body!.active, value: body!.value, version: 2 }];
      return json(200, codes[0]);
    }
    if (url.startsWith('/api/admin/promo-codes/') && method === 'DELETE') {
      const code = decodeURIComponent(url.split('/').at(-1)!);
      codes = codes.filter((promo) => promo.code !== code);
      return json(200, { deleted: code });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  confirmed = jest.fn(() => true);
  window.confirm = confirmed;
  // jsdom lays nothing out: Edit's scroll to the form is only noted.
  scrolled = jest.fn();
  Element.prototype.scrollIntoView = scrolled;
});

it('lists codes with uses and limits; a used code has no Delete', async () => {
  show();
  const row = (await screen.findByText('WELCOME10')).closest('tr')!;
  expect(row.textContent).toContain('10% off your order');
  expect(row.textContent).toContain('3 / no limit (1 per customer)');
  expect(within(row).queryByRole('button', { name: 'Delete WELCOME10' })).toBeNull();
});

it('makes a code: a wrong value is shown beside its field, then the code is made with its limit; the list shows it', async () => {
  show();
  await screen.findByText('WELCOME10');
  await userEvent.type(screen.getByLabelText(/^Code/), 'spring-15');
  await userEvent.type(screen.getByLabelText('Percent off (1-100)'), '150');
  await userEvent.click(screen.getByRole('button', { name: 'Make promo code' }));
  expect((await screen.findAllByText('A percent is a whole number from 1 to 100.')).length).toBeGreaterThan(0);
  await userEvent.clear(screen.getByLabelText('Percent off (1-100)'));
  await userEvent.type(screen.getByLabelText('Percent off (1-100)'), '15');
  await userEvent.type(screen.getByLabelText('Uses in all (optional)'), '50');
  await userEvent.click(screen.getByRole('button', { name: 'Make promo code' }));
  await screen.findByText('Made SPRING-15: 15% off your order.');
  expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
    code: 'spring-15',
    kind: 'percent',
    value: 15,
    maxRedemptions: 50,
    active: true,
    combinesWithSales: false,
  });
  expect(await screen.findByText('SPRING-15')).toBeTruthy();
});

it("checks a code with the server's schema before sending; Make is held while it goes; the server's refusal is beside its field", async () => {
  show();
  await screen.findByText('WELCOME10');
  const code = screen.getByLabelText(/^Code/);
  await userEvent.type(code, 'welcome10');
  await userEvent.type(screen.getByLabelText('Percent off (1-100)'), '150');
  await userEvent.click(screen.getByRole('button', { name: 'Make promo code' }));
  // The schema's own words beside the value, and nothing sent.
  const value = screen.getByLabelText('Percent off (1-100)');
  await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getAllByText('A percent is a whole number from 1 to 100.').length).toBeGreaterThan(0);
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await userEvent.clear(value);
  await userEvent.type(value, '10');
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  await userEvent.click(screen.getByRole('button', { name: 'Make promo code' }));
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Make promo code' }).disabled).toBe(true),
  );
  release();
  await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[0])).toBeTruthy();
  expect(screen.getAllByText('There is a code WELCOME10 already.').length).toBeGreaterThan(0);
  expect(value.getAttribute('aria-invalid')).toBe('false');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Make promo code' }).disabled).toBe(false);
});

it('dollar fields the owner typed wrong are told in dollars beside the field, and nothing is sent; right ones are sent in cents', async () => {
  show();
  await screen.findByText('WELCOME10');
  await userEvent.type(screen.getByLabelText(/^Code/), 'spring-5');
  await userEvent.selectOptions(screen.getByLabelText('Kind'), 'amount');
  await userEvent.type(screen.getByLabelText('Amount off ($)'), 'abc');
  await userEvent.type(screen.getByLabelText('Minimum subtotal ($, optional)'), '-3');
  await userEvent.click(screen.getByRole('button', { name: 'Make promo code' }));
  const amountField = screen.getByLabelText('Amount off ($)');
  const minimumField = screen.getByLabelText('Minimum subtotal ($, optional)');
  // The page's action checks them before anything is sent.
  await waitFor(() => expect(amountField.getAttribute('aria-invalid')).toBe('true'));
  expect(minimumField.getAttribute('aria-invalid')).toBe('true');
  // Each field's message is the one its field is described by (what a screen reader reads with it).
  const describedBy = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '');
  expect(describedBy(amountField)).toContain(PROMO_FORM_MESSAGES.amountOff);
  expect(describedBy(minimumField)).toContain(PROMO_FORM_MESSAGES.minSubtotal);
  expect(document.body.textContent).not.toMatch(/cents|whole number/i);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await userEvent.clear(amountField);
  await userEvent.type(amountField, '12.50');
  await userEvent.clear(minimumField);
  await userEvent.type(minimumField, '40');
  await userEvent.click(screen.getByRole('button', { name: 'Make promo code' }));
  await screen.findByText(/^Made SPRING-5/);
  expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
    code: 'spring-5',
    kind: 'amount',
    value: 1250,
    minSubtotal: 4000,
    active: true,
    combinesWithSales: false,
  });
});

it('deactivates a code by sending it whole again at the version read', async () => {
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate WELCOME10' }));
  await screen.findByText('Deactivated WELCOME10.');
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
    kind: 'percent',
    value: 10,
    maxPerCustomer: 1,
    active: false,
    combinesWithSales: false,
    version: 1,
  });
  expect(await screen.findByRole('button', { name: 'Activate WELCOME10' })).toBeTruthy();
});

it('Edit fills the form with the code (which cannot change); Save changes sends it at the version read, then the form is for a new code', async () => {
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit WELCOME10' }));
  const form = screen.getByRole('form', { name: 'Edit promo code WELCOME10' });
  expect(scrolled.mock.contexts).toEqual([form]);
  expect(within(form).getByLabelText<HTMLInputElement>(/^Code/).value).toBe('WELCOME10');
  expect(within(form).getByLabelText<HTMLInputElement>(/^Code/).readOnly).toBe(true);
  expect(within(form).getByLabelText<HTMLInputElement>('Uses per customer (optional)').value).toBe('1');
  const percent = within(form).getByLabelText('Percent off (1-100)');
  await userEvent.clear(percent);
  await userEvent.type(percent, '12');
  await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  await screen.findByText('Saved WELCOME10.');
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
    kind: 'percent',
    value: 12,
    maxPerCustomer: 1,
    active: true,
    combinesWithSales: false,
    version: 1,
  });
  const fresh = screen.getByRole('form', { name: 'Make a promo code' });
  expect(within(fresh).getByLabelText<HTMLInputElement>(/^Code/).value).toBe('');
});

it('Cancel leaves the code as it was and the form for a new code; an unused code can be deleted, after a question', async () => {
  codes = [welcome, { ...welcome, code: 'UNUSED', redemptions: 0 }];
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit UNUSED' }));
  await userEvent.type(screen.getByLabelText('Percent off (1-100)'), '5');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('form', { name: 'Make a promo code' })).toBeTruthy();
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Delete UNUSED' }));
  expect(confirmed).toHaveBeenCalledWith('Delete the promo code UNUSED?');
  await screen.findByText('Deleted UNUSED.');
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/promo-codes/UNUSED']);
  await waitFor(() => expect(screen.queryByText('UNUSED')).toBeNull());
});
