import { linkTokenSchema } from './email-preferences';
import { orderViewSchema } from './order-views';
import { orderNumberSchema } from './refs';
import * as z from './zod';

/**
 * A guest's order added to the signed-in customer's account (issue 50 item 11, docs/decisions/0143): the customer asks
 * for a link for an order number; the shop mails it to the account's own email, and only that link adds the order.
 */

/** POST /auth/guest-orders/link: the order (its number as typed, with or without `#`). */
export const guestOrderLinkBodySchema = z.object({ orderNumber: orderNumberSchema });
/** The same answer whatever the order is: nothing says whether an order has this number or this email. */
export const guestOrderLinkAnswerSchema = z.object({ orderNumber: z.string() });

/** POST /auth/guest-orders/add: the token of the mailed link. */
export const addGuestOrderBodySchema = z.object({ token: linkTokenSchema });
/** The order, now the customer's. */
export const addGuestOrderAnswerSchema = z.object({ order: orderViewSchema });
