import type { AdminOrderView } from '#shared/schemas/order-views';

/**
 * An order as the admin's order answers describe it (shared/schemas/order-views.ts adminOrderSchema), for page
 * tests: a guest's pending order of one candle, paid; each test overrides what it is about.
 */
export function adminOrder(overrides: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    orderNumber: 'pi_1',
    status: 'pending',
    createdAt: '2026-06-01T10:00:00.000Z',
    shippingAddress: {
      name: 'Gail Guest',
      email: 'gail@example.com',
      line1: '3 Pine Rd',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    },
    lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 1 }],
    amounts: { subtotal: 1800, discount: 0, shipping: 599, tax: 0, total: 2399 },
    promoCode: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    cancelledAt: null,
    replacementOf: null,
    customer: 'guest',
    completedAt: null,
    payment: { state: 'paid', refund: null },
    payments: [{ method: 'card', provider: 'test', intentId: 'pi_1', amount: 2399 }],
    version: 1,
    tax: {
      provider: 'table',
      fallback: null,
      stripeTax: null,
      lines: [{ discount: 0, shipping: 599, tax: 0, shippingTax: 0 }],
    },
    ...overrides,
  };
}
