import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST_ORDER_MESSAGES } from '#shared/messages';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';
import { LAST_ORDER_KEY, ORDER_NUMBER_KEY } from './checkoutApi';

/**
 * The confirmation page (/orderconfirmation, decision 0102): the order's number as people read it, what was bought
 * (photo, name, size, quantity), where it ships and what was paid, as the shop answered the order to this tab; its
 * heading takes the focus when it appears.
 */
const order = {
  orderNumber: '1042',
  amounts: { subtotal: 6097, discount: 0, shipping: 599, tax: 427, total: 7123 },
  promoCode: null,
  lines: [
    { id: 'tee', name: 'Pumpkin Patch Tee', image: '/i/tee.jpg', price: 2499, size: 'M', quantity: 2 },
    {
      id: 'candle',
      name: 'Cider &amp; Clove Candle',
      image: '/i/candle.jpg',
      price: 1099,
      size: 'CANDLE',
      quantity: 1,
    },
  ],
  shippingAddress: {
    name: 'Ada Buyer',
    email: 'ada@example.com',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  },
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = urlOf(input);
    if (url.endsWith('/config.json'))
      return json(200, {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        cognitoEndpoint: null,
        stripePublishableKey: null,
        paymentMode: 'test',
      });
    if (url.startsWith('/api/products')) return json(200, { products: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

const heading = () => screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' });

test('the number as #1042, the lines with photo, name, size and quantity, the address and the amounts', async () => {
  localStorage.setItem(ORDER_NUMBER_KEY, '1042');
  sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  renderApp('/orderconfirmation');
  await heading();
  expect(screen.getByTestId('order-number').textContent).toBe('#1042');
  // The status page's link carries the number as the look-up takes it.
  expect(screen.getByRole('link', { name: 'order status page' }).getAttribute('href')).toBe('/order-status?order=1042');
  const bought = within(screen.getByRole('region', { name: 'What you bought' }));
  const items = bought.getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    'Pumpkin Patch TeeSize M · Qty 2$49.98',
    'Cider & Clove CandleQty 1$10.99',
  ]);
  expect(items.map((item) => item.querySelector('img')?.getAttribute('src'))).toEqual([
    expect.stringContaining('tee'),
    expect.stringContaining('candle'),
  ]);
  const ships = screen.getByRole('region', { name: 'Where it ships' });
  expect(ships.querySelector('address')!.textContent).toBe('Ada Buyer1 Main StSpringfield, IL 62701');
  expect(within(screen.getByRole('region', { name: 'What you paid' })).getByText('$71.23')).toBeTruthy();
});

test('its heading takes the focus when the page appears', async () => {
  localStorage.setItem(ORDER_NUMBER_KEY, '1042');
  sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  renderApp('/orderconfirmation');
  const shown = await heading();
  // The page's effect runs just after it is shown.
  await waitFor(() => expect(document.activeElement).toBe(shown));
});

test('a new tab knows only the number: no lines, no address, nothing of another order', async () => {
  localStorage.setItem(ORDER_NUMBER_KEY, '1043');
  sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  renderApp('/orderconfirmation');
  await heading();
  expect(screen.getByTestId('order-number').textContent).toBe('#1043');
  expect(screen.queryByRole('region', { name: 'What you bought' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Where it ships' })).toBeNull();
  expect(screen.queryByText(/Ada Buyer/)).toBeNull();
});

test('an order from before keeps its pi_ number as it is', async () => {
  localStorage.setItem(ORDER_NUMBER_KEY, 'pi_test_3QabcDEF');
  renderApp('/orderconfirmation');
  await heading();
  expect(screen.getByTestId('order-number').textContent).toBe('pi_test_3QabcDEF');
});

test('a guest is offered an account: sign-up opens with the order’s email (issue 50 item 11)', async () => {
  localStorage.setItem(ORDER_NUMBER_KEY, '1042');
  sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  const { router } = renderApp('/orderconfirmation');
  await heading();
  const offer = screen.getByRole('region', { name: 'Save your details for next time' });
  expect(within(offer).getByText(GUEST_ORDER_MESSAGES.offer)).toBeTruthy();
  await userEvent.click(within(offer).getByRole('link', { name: GUEST_ORDER_MESSAGES.createAccount }));
  await screen.findByRole('button', { name: 'Create Account' });
  expect(router.state.location.pathname).toBe('/signup');
  expect(router.state.location.state).toEqual({ email: 'ada@example.com', guestOrder: '1042' });
  expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
});

test('on a laptop the details sit side by side and the hot strip has the page’s width (issue 50 item 11)', async () => {
  localStorage.setItem(ORDER_NUMBER_KEY, '1042');
  sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  renderApp('/orderconfirmation');
  const shown = await heading();
  const page = shown.closest('section')!;
  // Not the narrow column of a form page: the 60% column cut the strip's cards (the layout itself: e2e at 1280).
  expect(page.classList.contains('narrow')).toBe(false);
  const details = page.querySelector('.confirmation-details')!;
  expect([...details.children].map((column) => [...column.querySelectorAll('h2')].map((h) => h.textContent))).toEqual([
    ['What you bought'],
    ['Where it ships', 'What you paid'],
  ]);
});
