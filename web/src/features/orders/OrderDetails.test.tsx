import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse as json, renderApp, urlOf } from '../../testing/render';

/**
 * What the customer's order status page says of an order not shipped yet (issue 50 items 1 and 5): packing it, or
 * Refunded when every unit was refunded before it shipped (never "We are packing it"), or made to order.
 */
const order = (overrides: Record<string, unknown>) => ({
  orderNumber: '1002',
  status: 'pending',
  createdAt: '2026-11-30T10:00:00Z',
  shippingAddress: {
    name: 'Gail Guest',
    email: 'gail@example.com',
    line1: '3 Pine Rd',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  },
  lines: [{ id: 'candle', name: 'Harvest Candle', image: '/c.svg', price: 2400, size: 'CANDLE', quantity: 1 }],
  amounts: { subtotal: 2400, discount: 0, shipping: 599, tax: 0, total: 2999 },
  promoCode: null,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
  cancelledAt: null,
  replacementOf: null,
  ...overrides,
});
let answer: ReturnType<typeof order>;

beforeEach(() => {
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
    if (url === '/api/orders/lookup')
      return json(200, { order: answer, replacements: [], replaceable: {}, replaceableUntil: null });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }) as typeof fetch;
});

async function lookUp() {
  renderApp('/order-status?order=1002');
  await userEvent.type(await screen.findByLabelText('Email'), 'gail@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Find my order' }));
  await screen.findByRole('heading', { name: /Order #1002/ });
}

it('an order whose only item was refunded in full reads Refunded: nothing will ship', async () => {
  answer = order({
    refunded: 2999,
    refundedUnits: { 'candle|CANDLE': 1 },
    refunds: [
      {
        refundId: 'r1',
        status: 'refunded',
        at: '2026-12-01T10:00:00Z',
        total: 2400,
        reason: 'sold_out',
        lines: [{ id: 'candle', name: 'Harvest Candle', size: 'CANDLE', quantity: 1, total: 2400 }],
        shipping: false,
      },
    ],
  });
  await lookUp();
  expect(screen.getByText('Refunded', { selector: '.status' })).toBeTruthy();
  expect(screen.getByText('Everything in this order was refunded, so nothing will ship.')).toBeTruthy();
  expect(screen.queryByText(/We are packing it/)).toBeNull();
  expect(screen.queryByText('Processing')).toBeNull();
});

it('one refunded in part is still packed: Processing', async () => {
  answer = order({
    lines: [{ id: 'candle', name: 'Harvest Candle', image: '/c.svg', price: 2400, size: 'CANDLE', quantity: 2 }],
    refundedUnits: { 'candle|CANDLE': 1 },
  });
  await lookUp();
  expect(screen.getByText('Processing', { selector: '.status' })).toBeTruthy();
  expect(screen.getByText(/We are packing it; it ships within 2-3 days\./)).toBeTruthy();
});

it("a quote's order says it is made to order, and since when it is in production", async () => {
  answer = order({ quote: { number: '17', ships: true, productionStartedAt: '2026-12-01T15:00:00Z' } });
  await lookUp();
  expect(
    screen.getByText(/Made to order: in production since December 1, 2026; we mail you when it ships\./),
  ).toBeTruthy();
  expect(screen.queryByText(/We are packing it/)).toBeNull();
});

it('a tracked parcel shows its step with its time, and the estimate while it is on its way (issue 53 item 4)', async () => {
  answer = order({
    status: 'completed',
    carrier: 'USPS',
    trackingNumber: '9400100000000000000000',
    shippedAt: '2026-12-01T15:00:00Z',
    tracking: {
      status: 'in_transit',
      at: '2026-12-02T09:30:00Z',
      estimatedDelivery: '2026-12-04T00:00:00Z',
      steps: [{ status: 'in_transit', at: '2026-12-02T09:30:00Z' }],
    },
  });
  await lookUp();
  const parcel = screen.getByLabelText('Parcel tracking');
  expect(parcel.textContent).toContain('In transit');
  expect(parcel.textContent).toContain('Estimated delivery: Friday, December 4');
});

it('a delivered parcel says Delivered with each step, and no estimate', async () => {
  answer = order({
    status: 'completed',
    carrier: 'USPS',
    trackingNumber: '9400100000000000000000',
    shippedAt: '2026-12-01T15:00:00Z',
    tracking: {
      status: 'delivered',
      at: '2026-12-03T18:05:00Z',
      estimatedDelivery: null,
      steps: [
        { status: 'in_transit', at: '2026-12-02T09:30:00Z' },
        { status: 'out_for_delivery', at: '2026-12-03T08:10:00Z' },
        { status: 'delivered', at: '2026-12-03T18:05:00Z' },
      ],
    },
  });
  await lookUp();
  const parcel = screen.getByLabelText('Parcel tracking');
  expect(parcel.textContent).toContain('Delivered');
  expect(parcel.textContent).not.toContain('Estimated delivery');
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Out for delivery · December 3, 2026/)]),
  );
});
