import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_MESSAGES } from '#shared/messages';
import type { CartLine } from '#shared/schemas/cart';
import { fillShippingDetails, renderCheckout } from '../../testing/checkout';
import { jsonResponse as json, urlOf } from '../../testing/render';

/**
 * Issue 34 items 2 and 3: the spec's "Estimated tax" figure with a note that the shipping state decides it, until the
 * card step prices the order; and focus on the step's heading at every step change, so a screen reader says where the
 * shopper is.
 */
const candle: CartLine = { id: 'c1', name: 'Cider Candle', image: '/c.svg', price: 1800, size: 'CANDLE', quantity: 2 };
const intent = {
  clientSecret: 'pi_1_secret_2',
  paymentIntentId: 'pi_1',
  checkoutId: '8d4c3f5e-0b1a-4c1e-9a53-7d3f2a9b6c10',
  checkoutSecret: 'c2VjcmV0LW9mLXRoaXMtYnJvd3Nlci0wMTIzNDU2Nzg5YWI',
  amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 262, total: 4461 },
  cardAmount: 4461,
  paymentMode: 'test',
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.alert = jest.fn();
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
    if (url.startsWith('/api/products?')) return json(200, { products: [] });
    if (url === '/api/products/validate-cart') return json(200, { success: true, outOfStockItems: [] });
    if (url === '/auth/create-payment-intent/guest') return json(200, intent);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
  localStorage.setItem('cart', JSON.stringify([candle]));
});

/** The Order Details panel's rows: each term with what follows it (the figure, and the tax row's note). */
function taxRow() {
  const panel = screen.getByRole('complementary', { name: 'Order Details' });
  const term = within(panel).getByText('Estimated tax');
  const figure = term.nextElementSibling!;
  return { figure: figure.textContent, note: figure.nextElementSibling?.textContent ?? null };
}

describe('the tax note', () => {
  it("the cart keeps the spec's $0.00 while no state is known, and says the shipping state decides it", async () => {
    renderCheckout();
    await screen.findByRole('heading', { name: 'Your Cart' });
    expect(taxRow()).toEqual({ figure: '$0.00', note: CART_MESSAGES.taxFromState });
  });

  it('the shipping step estimates as the state is typed, the note still beside it; the card step shows the priced tax alone', async () => {
    renderCheckout('/cart/shipping');
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await userEvent.type(screen.getByLabelText('State'), 'IL');
    expect(taxRow()).toEqual({ figure: '$2.62', note: CART_MESSAGES.taxFromState });
    await userEvent.clear(screen.getByLabelText('State'));
    await fillShippingDetails(userEvent);
    await screen.findByLabelText('Card number');
    // Priced by the server for this address: the figure is the order's, with no note.
    expect(taxRow().figure).toBe('$2.62');
    expect(taxRow().note).not.toBe(CART_MESSAGES.taxFromState);
    expect(screen.queryByText(CART_MESSAGES.taxFromState)).toBeNull();
  });
});

describe("focus moves to the step's heading at each step change", () => {
  const focused = () => document.activeElement;
  const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

  it('cart, shipping, card step, Back to shipping, Back to the cart: each heading in turn', async () => {
    const { router } = renderCheckout();
    await screen.findByRole('heading', { name: 'Your Cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await waitFor(() => expect(focused()).toBe(heading('Shipping Details')));

    await fillShippingDetails(userEvent);
    await screen.findByLabelText('Card number');
    await waitFor(() => expect(focused()).toBe(heading('Payment')));

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await waitFor(() => expect(focused()).toBe(heading('Shipping Details')));

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Your Cart' });
    await waitFor(() => expect(focused()).toBe(heading('Your Cart')));

    // The browser's Back moves between steps too: to the shipping step, then the card step (the Back buttons pushed).
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await waitFor(() => expect(focused()).toBe(heading('Shipping Details')));
    await act(() => router.navigate(-1));
    await screen.findByLabelText('Card number');
    await waitFor(() => expect(focused()).toBe(heading('Payment')));
  });

  it('a card step sent back to shipping (the cart changed in another tab) lands on the shipping heading', async () => {
    renderCheckout('/cart/shipping');
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await fillShippingDetails(userEvent);
    await screen.findByLabelText('Card number');
    await act(async () => {
      localStorage.setItem('cart', JSON.stringify([{ ...candle, quantity: 3 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    await screen.findByRole('heading', { name: 'Shipping Details' });
    await waitFor(() => expect(focused()).toBe(heading('Shipping Details')));
  });
});
