import * as z from '#shared/schemas/zod';
import { api } from '../../lib/api';

/** Asks the shop to mail the account's email a link that adds a guest's order (issue 50 item 11). */
export const mailGuestOrderLink = (orderNumber: string) =>
  api('/auth/guest-orders/link', z.object({ orderNumber: z.string() }), { auth: true, body: { orderNumber } });
