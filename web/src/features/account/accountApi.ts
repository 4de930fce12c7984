import * as z from '#shared/schemas/zod';
import type { ShippingProfile } from '#shared/schemas/address';
import { orderViewSchema } from '#shared/schemas/order-views';
import { api } from '../../lib/api';

const profile = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  zip: z.string(),
});
const profilesSchema = z.object({ data: z.array(profile) });
const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  size: z.string(),
  quantity: z.number(),
});

export const getProfiles = () => api('/auth/shippingProfiles', profilesSchema, { auth: true }).then((r) => r.data);
export const saveProfiles = (profiles: ShippingProfile[]) =>
  api('/auth/shippingProfiles', profilesSchema, { auth: true, body: { profiles } }).then((r) => r.data);
export const deleteProfile = (index: number) =>
  api('/auth/shippingProfiles', z.partial(profilesSchema), { auth: true, method: 'DELETE', body: { index } });

/** The latest order's items, and the ids of those the customer may rate now (shipped: issue 50 item 7). */
export const getPreviousOrder = () =>
  api('/auth/previousOrderCombined', z.object({ cart: z.array(itemSchema), rateable: z.array(z.string()) }), {
    auth: true,
  });
export const getOrders = () =>
  api('/auth/orders', z.object({ orders: z.array(orderViewSchema) }), { auth: true }).then((r) => r.orders);
export const getRatings = () =>
  api('/auth/reviews', z.object({ ratings: z.record(z.string(), z.number()) }), { auth: true }).then((r) => r.ratings);
export const rate = (productId: string, rating: number) =>
  api(`/auth/products/${encodeURIComponent(productId)}/reviews`, z.looseObject({ rating: z.number() }), {
    auth: true,
    body: { rating },
  });

/** The mailed link's token adds its order to the account. */
export const addGuestOrder = (token: string) =>
  api('/auth/guest-orders/add', z.object({ order: z.object({ orderNumber: z.string() }) }), {
    auth: true,
    body: { token },
  });
