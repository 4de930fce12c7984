import { orderLabel } from '#shared/order-number';
import { checkouts } from '../functions/db/entities/checkout';
import { products } from '../functions/db/entities/product';
import { stockItems } from '../functions/db/entities/stock-item';
import { testPaymentIntents } from '../functions/db/entities/test-payment-intent';
import { handler as confirmTestPayment } from '../functions/http/checkout/confirm-test-payment';
import { handler as createGuestIntent } from '../functions/http/checkout/create-guest-payment-intent';
import { handler as recordGuestOrder } from '../functions/http/checkout/record-guest-order';
import { handler as getProduct } from '../functions/http/catalog/get-product';
import { handler as cancelOrderHandler } from '../functions/http/admin/cancel-order';
import { handler as refundHandler } from '../functions/http/admin/refund-order';
import { orderOfPayment } from '../functions/domain/orders/identity';
import { invoke, sentMails } from './helpers';

/** Helpers of the checkout tests: a guest's calls as the browser makes them, and what the table holds. */

/** The checkout tests' one-size product: `candle`, $18.00, with `stock` candles. */
export const createCandle = (stock: number) =>
  products.create({
    id: 'candle',
    name: 'Candle',
    image: '/i/c.svg',
    description: 'd',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: stock },
  });

/** The checkout tests' hoodie: `hoodie`, $45.00, its sizes' stock on the stock item `stockRef`. */
export const createHoodie = (stockRef: string) =>
  products.create({
    id: 'hoodie',
    name: 'Hoodie',
    image: '/i/h.svg',
    description: 'd',
    price: 4500,
    tag: 'hoodies',
    stockRef,
  });

export const address = {
  name: 'Ada Buyer',
  email: 'ada@example.com',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'il',
  zip: '62701',
};
export const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' });

export const guestIntent = (body: Record<string, unknown>) =>
  invoke(createGuestIntent, {
    method: 'POST',
    path: '/auth/create-payment-intent/guest',
    body: { shippingAddress: address, ...body },
  });

export const pay = (clientSecret: string, number = '4242424242424242', threeDSecure?: 'complete' | 'fail') =>
  invoke(confirmTestPayment, {
    method: 'POST',
    path: '/api/test-payments/confirm',
    body: {
      clientSecret,
      card: card(number),
      billingName: 'Ada Buyer',
      receiptEmail: 'ada@example.com',
      ...(threeDSecure ? { threeDSecure } : {}),
    },
  });

/**
 * Records a guest's order of the payment intent its card paid, as anyone may (the browser that paid also sends its
 * checkout secret); the answer carries the order with its own number.
 */
export const recordGuest = (paymentIntentId: string, checkoutSecret?: string) =>
  invoke(recordGuestOrder, {
    method: 'POST',
    path: '/auth/adminOrders/guest',
    body: { paymentIntentId, ...(checkoutSecret ? { checkoutSecret } : {}) },
  });

/** A guest checkout of `cart` whose card (4242) is authorized; returns the intent answer. */
export async function authorizedGuest(cart: unknown[]) {
  const intent = await guestIntent({ cart });
  if (intent.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(intent.body)}`);
  const paid = await pay(intent.body.clientSecret);
  if (paid.body.paymentIntent?.status !== 'requires_capture')
    throw new Error(`card not authorized: ${JSON.stringify(paid.body)}`);
  return intent.body as {
    paymentIntentId: string;
    checkoutId: string;
    checkoutSecret: string;
    clientSecret: string;
    amounts: Record<string, number>;
  };
}

export async function stockOf(kind: 'product' | 'stockItem', id: string): Promise<Record<string, number>> {
  const record = kind === 'product' ? await products.get({ id }) : await stockItems.get({ id });
  return record?.stock ?? {};
}

/** What a shopper sees on the product page: units available per size. */
export async function available(id: string): Promise<Record<string, number>> {
  const { body } = await invoke(getProduct, {
    method: 'GET',
    path: `/api/products/${id}`,
    routePath: '/api/products/{id}',
    params: { id },
  });
  return Object.fromEntries((body.sizes as { size: string; available: number }[]).map((s) => [s.size, s.available]));
}

/** The owner's refund in part of an order, with an admin's token. */
export const adminRefund = (token: string, orderNumber: string, body: Record<string, unknown>) =>
  invoke(refundHandler, {
    token,
    method: 'POST',
    path: `/api/admin/orders/${orderNumber}/refunds`,
    params: { orderNumber },
    body,
  });

/** The owner's cancel of an order, with an admin's token. */
export const adminCancel = (token: string, orderNumber: string) =>
  invoke(cancelOrderHandler, {
    token,
    method: 'POST',
    path: `/api/admin/orders/${orderNumber}/cancel`,
    params: { orderNumber },
  });

/** The refunds the built-in test processor made of an intent. */
export const processorRefunds = async (intentId: string) =>
  (await testPaymentIntents.get({ id: intentId }, { consistent: true }))!.refunds ?? [];

export const intentStatus = async (id: string) => (await testPaymentIntents.get({ id }, { consistent: true }))?.status;
export const checkoutState = async (checkoutId: string) =>
  (await checkouts.get({ checkoutId }, { consistent: true }))?.state;
/** The order a payment intent paid (by its pointer; an order from before 0102 is keyed by the intent id). */
export const orderOf = (intentId: string) => orderOfPayment(intentId);
/** The number of the order a payment intent paid ("1042"); throws when it has none. */
export async function orderNumberOf(intentId: string): Promise<string> {
  const order = await orderOfPayment(intentId);
  if (!order) throw new Error(`no order for ${intentId}`);
  return order.orderNumber;
}
/** Confirmation mails of the order a payment intent paid (none when it paid for none). */
export async function mailsForPayment(intentId: string) {
  const order = await orderOfPayment(intentId);
  return order ? mailsFor(order.orderNumber) : [];
}
/** Confirmation mails of an order (its subject names the number as people read it: #1042). */
export const mailsFor = (orderNumber: string) =>
  sentMails().filter((mail) => mail.subject === `Your order ${orderLabel(orderNumber)}`);
/** The owner's notices of a new order (to the shop's address). */
export const shopNoticesFor = (orderNumber: string) =>
  sentMails().filter((mail) => mail.subject.startsWith(`New order ${orderLabel(orderNumber)}:`));
