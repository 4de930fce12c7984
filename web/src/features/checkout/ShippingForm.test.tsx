import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import type { CartLine } from '#shared/schemas/cart';
import { renderCheckout, SHIPPING_DETAILS } from '../../testing/checkout';
import { jsonResponse as json, urlOf } from '../../testing/render';

/**
 * The shipping step's form, built the forms' one way (docs/decisions/0156): checked with the shop's schema before Next
 * sends anything, the server's field messages mapped back beside their fields, and Next held while it goes.
 */
const candle: CartLine = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };

let intents: unknown[];
const alert = jest.fn();
let answerIntent: () => Promise<Response>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  intents = [];
  alert.mockReset();
  window.alert = alert;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/auth/create-payment-intent/guest') {
      intents.push(JSON.parse(init!.body as string));
      return answerIntent();
    }
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  localStorage.setItem('cart', JSON.stringify([candle]));
});

async function typeDetails(change: Partial<Record<(typeof SHIPPING_DETAILS)[number][0], string>> = {}) {
  renderCheckout('/cart/shipping');
  await screen.findByRole('heading', { name: 'Shipping Details' });
  for (const [label, value] of SHIPPING_DETAILS)
    await userEvent.type(screen.getByLabelText(label), change[label] ?? value);
}

/** The message beside a field (its input points at it), after checking the field is marked refused. */
function beside(label: string) {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = input.getAttribute('aria-describedby')!.split(' ');
  return document.getElementById(ids[0])!.textContent;
}

it("holds Next while it goes, then shows the server's field message beside its field and keeps what was typed", async () => {
  let release: (response: Response) => void = () => {};
  answerIntent = () => new Promise((resolve) => (release = resolve));
  await typeDetails();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  const waiting = await screen.findByRole<HTMLButtonElement>('button', { name: 'Please wait…' });
  expect(waiting.disabled).toBe(true);
  await userEvent.click(waiting);
  release(
    json(400, {
      error: {
        code: 'validation',
        message: 'Please check the highlighted fields.',
        fields: { 'shippingAddress.zip': 'We cannot ship to this ZIP code.' },
      },
    }),
  );
  await waitFor(() => expect(beside('ZIP code')).toBe('We cannot ship to this ZIP code.'));
  expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBeNull();
  expect(screen.getByLabelText<HTMLInputElement>('ZIP code').value).toBe('62701');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false);
  expect(intents).toHaveLength(1);
  // The email's own hint stays described beside its message.
  expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('email-use');
});

it("checks the details with the shop's schema first: the spec's alert for the state, each message beside its field, nothing sent", async () => {
  answerIntent = async () => json(500, {});
  await typeDetails({ State: 'Narnia', 'ZIP code': '6270', Email: 'ada@example' });
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.invalidCheckoutState));
  expect(beside('State')).toBe(MESSAGES.invalidCheckoutState);
  expect(beside('ZIP code')).toBe(MESSAGES.invalidZip);
  expect(beside('Email')).toBe('Please enter a valid email address.');
  expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('ship-email-error email-use');
  expect(alert).toHaveBeenCalledTimes(1);
  expect(intents).toEqual([]);
  const form = screen.getByRole('form', { name: 'Shipping details' });
  expect(within(form).getByLabelText<HTMLInputElement>('State').value).toBe('Narnia');
});
