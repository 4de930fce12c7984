import { orders, type OrderRecord } from '../../db/entities/order';
import { replacements } from '../../db/entities/replacement';
import { notFound } from '../../lib/errors';
import { refundsOf } from './refunds';
import { hasReplacementOrder, orderPage } from './view';

/** The one answer for an unknown order and a wrong email alike, so a guess learns nothing. */
const NO_SUCH_ORDER = 'We could not find an order with that number and email address.';
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The order with this number if it was placed with this email; 404 otherwise (either way the same). */
export async function findOrder(
  orderNumber: string,
  email: string,
  options: { consistent?: boolean } = {},
): Promise<OrderRecord> {
  const order = await orders.get({ orderNumber }, options);
  if (!order || !sameEmail(order.shippingAddress.email, email)) throw notFound(NO_SUCH_ORDER);
  return order;
}

/** The order with its requests and their replacement orders (one batch read), so the page can show their tracking. */
async function pageOf(order: OrderRecord) {
  const requests = await replacements.query('byOrder', { orderNumber: order.orderNumber }, { order: 'desc' });
  const withOrders = requests.filter(hasReplacementOrder).map((request) => ({ orderNumber: request.id }));
  const [replacementOrders, refunds] = await Promise.all([
    withOrders.length ? orders.getMany(withOrders) : [],
    refundsOf(order.orderNumber),
  ]);
  return orderPage(order, requests, replacementOrders, new Date(), refunds);
}

/** POST /api/orders/lookup: a guest's (or anyone's) order page, by order number and email. */
export async function lookupOrder(orderNumber: string, email: string) {
  return pageOf(await findOrder(orderNumber, email));
}

/** GET /auth/orders/{orderNumber}: one of the signed-in customer's own orders (anyone else's is a 404). */
export async function customerOrder(userId: string, orderNumber: string) {
  const order = await orders.get({ orderNumber });
  if (!order || order.customer !== userId) throw notFound('No such order.');
  return pageOf(order);
}
