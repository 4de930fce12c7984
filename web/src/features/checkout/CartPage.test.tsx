import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../../shared/messages';
import { jsonResponse as json, renderRoutes } from '../../testing/render';
import CartPage from './CartPage';

/**
 * The payment step follows the server: the test card form in test mode, and a plain message (no card fields)
 * when the shop takes cards through Stripe but has no publishable key, or when the server says payments are off.
 */
const line = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
const intentAnswer = (paymentMode: 'stripe' | 'test') => ({
  clientSecret: 'pi_1_secret_2',
  orderNumber: 'pi_1',
  checkoutId: '8d4c3f5e-0b1a-4c1e-9a53-7d3f2a9b6c10',
  amounts: { subtotal: 3600, shipping: 599, tax: 252, total: 4451 },
  paymentMode,
});

function serve(options: { mode: 'stripe' | 'test'; key: string | null; intent: { status: number; body: unknown } }) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/config.json')) {
      return json(200, { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', cognitoEndpoint: null, stripePublishableKey: options.key, paymentMode: options.mode });
    }
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/api/products/validate-cart') return json(200, { success: true, outOfStockItems: [] });
    if (url === '/auth/create-payment-intent/guest') return json(options.intent.status, options.intent.body);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
}

async function reachPayment() {
  localStorage.setItem('cart', JSON.stringify([line]));
  renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
  await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  await screen.findByRole('heading', { name: 'Shipping Details' });
  const fill = async (label: string, value: string) => userEvent.type(screen.getByLabelText(label), value);
  await fill('Full name', 'Ada Buyer');
  await fill('Email', 'ada@example.com');
  await fill('Address', '1 Main St');
  await fill('City', 'Springfield');
  await fill('State', 'IL');
  await fill('ZIP code', '62701');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.alert = jest.fn();
});

it('shows the test card form when the server uses the test card processor', async () => {
  serve({ mode: 'test', key: null, intent: { status: 200, body: intentAnswer('test') } });
  await reachPayment();
  expect(await screen.findByLabelText('Card number')).toBeTruthy();
  expect(screen.queryByText(MESSAGES.paymentsUnavailable)).toBeNull();
});

it('says card payments are unavailable, with no card fields, when Stripe has no publishable key', async () => {
  serve({ mode: 'stripe', key: null, intent: { status: 200, body: intentAnswer('stripe') } });
  await reachPayment();
  expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.paymentsUnavailable);
  expect(screen.queryByLabelText('Card number')).toBeNull();
});

it('tells the shopper when the server answers that payments are not set up, and stays on the shipping step', async () => {
  serve({ mode: 'stripe', key: 'pk_test_1', intent: { status: 503, body: { error: { code: 'payments_not_configured', message: MESSAGES.paymentsUnavailable } } } });
  await reachPayment();
  await screen.findByRole('button', { name: 'Next' });
  expect(window.alert).toHaveBeenCalledWith(MESSAGES.paymentsUnavailable);
  expect(screen.getByRole('heading', { name: 'Shipping Details' })).toBeTruthy();
});
