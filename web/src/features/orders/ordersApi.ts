import * as z from '#shared/schemas/zod';
import { orderPageSchema, replacementViewSchema } from '#shared/schemas/order-views';
import { api } from '../../lib/api';

/** A guest's (or anyone's) order page, by order number and the email it was placed with. */
export const lookupOrder = (orderNumber: string, email: string) =>
  api('/api/orders/lookup', orderPageSchema, { body: { orderNumber, email } });
/** A signed-in customer's own order page. */
export const getMyOrder = (orderNumber: string) =>
  api(`/auth/orders/${encodeURIComponent(orderNumber)}`, orderPageSchema, { auth: true });
export const requestReplacement = (body: {
  orderNumber: string;
  email: string;
  lines: { id: string; size: string; quantity: number }[];
  reason: string;
}) =>
  api('/api/orders/replacements', z.object({ replacement: replacementViewSchema }), { body }).then(
    (r) => r.replacement,
  );
