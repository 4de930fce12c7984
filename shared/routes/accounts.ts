import { deleteShippingProfileBodySchema, shippingProfilesBodySchema } from '../schemas/address';
import { reviewBodySchema } from '../schemas/account';
import type { RouteDef } from './types';

export const ACCOUNT_ROUTES = [
  {
    method: 'GET',
    path: '/auth/validateAdmin',
    handler: 'accounts/validate-admin',
    access: 'user',
    table: 'none',
    summary: 'Whether the caller is in the admin group; 403 for a customer',
  },
  { method: 'GET', path: '/auth/shippingProfiles', handler: 'accounts/get-shipping-profiles', access: 'user', table: 'read', summary: '{data: [profiles]}' },
  {
    method: 'POST',
    path: '/auth/shippingProfiles',
    handler: 'accounts/save-shipping-profiles',
    access: 'user',
    table: 'readwrite',
    body: shippingProfilesBodySchema,
    summary: 'Replaces the list of shipping profiles (validated and sanitised)',
  },
  {
    method: 'DELETE',
    path: '/auth/shippingProfiles',
    handler: 'accounts/delete-shipping-profile',
    access: 'user',
    table: 'readwrite',
    body: deleteShippingProfileBodySchema,
    summary: 'Removes the profile at {index}',
  },
  { method: 'GET', path: '/auth/previousOrderCombined', handler: 'accounts/get-previous-order', access: 'user', table: 'read', summary: 'Items of the latest order: {cart: [items]}' },
  { method: 'GET', path: '/auth/orders', handler: 'accounts/list-orders', access: 'user', table: 'read', summary: "The customer's orders with status, newest first" },
  {
    method: 'GET',
    path: '/auth/orders/{orderNumber}',
    handler: 'accounts/get-order',
    access: 'user',
    table: 'read',
    summary: "One of the customer's orders with tracking and replacement requests (404 for anyone else's)",
  },
  { method: 'GET', path: '/auth/reviews', handler: 'accounts/list-ratings', access: 'user', table: 'read', summary: "The customer's ratings: {ratings: {productId: rating}}" },
  {
    method: 'POST',
    path: '/auth/products/{id}/reviews',
    handler: 'accounts/rate-product',
    access: 'user',
    table: 'readwrite',
    body: reviewBodySchema,
    summary: 'One rating (1-5) per customer per bought product; a second replaces the first',
  },
] as const satisfies readonly RouteDef[];
