import { ratedAnswerSchema, ratingsAnswerSchema, reviewBodySchema } from '../schemas/account';
import {
  deleteShippingProfileBodySchema,
  profilesAnswerSchema,
  profilesReadSchema,
  shippingProfilesBodySchema,
} from '../schemas/address';
import { validateAdminSchema } from '../schemas/common';
import { customerOrdersSchema, orderPageSchema, previousOrderSchema } from '../schemas/order-views';
import { orderNumberSchema, productIdSchema } from '../schemas/refs';
import type { RouteDef } from './types';

const PROFILES_CHANGED = 'The profiles changed meanwhile (another tab): reload and try again';

/**
 * The signed-in customer's account: whether it is the owner's, its shipping profiles, its orders, and its ratings of
 * the products it bought.
 */
export const ACCOUNT_ROUTES = [
  {
    method: 'GET',
    path: '/auth/validateAdmin',
    handler: 'accounts/validate-admin',
    access: 'user',
    table: 'none',
    answer: validateAdminSchema,
    refusals: { 403: 'The caller is a customer, not in the admin group (the spec’s answer)' },
    summary: 'Whether the caller is in the admin group; 403 for a customer',
  },
  {
    method: 'GET',
    path: '/auth/shippingProfiles',
    handler: 'accounts/get-shipping-profiles',
    access: 'user',
    table: 'read',
    answer: profilesReadSchema,
    summary: '{data: [profiles], lastUsed}: lastUsed is the index of the profile the latest order shipped to, or null',
  },
  {
    method: 'POST',
    path: '/auth/shippingProfiles',
    handler: 'accounts/save-shipping-profiles',
    access: 'user',
    table: 'readwrite',
    body: shippingProfilesBodySchema,
    answer: profilesAnswerSchema,
    summary: 'Replaces the list of shipping profiles (validated and sanitised)',
  },
  {
    method: 'DELETE',
    path: '/auth/shippingProfiles',
    handler: 'accounts/delete-shipping-profile',
    access: 'user',
    table: 'readwrite',
    body: deleteShippingProfileBodySchema,
    answer: profilesAnswerSchema,
    refusals: { 404: 'No profile at this index', 409: PROFILES_CHANGED },
    summary: 'Removes the profile at {index}',
  },
  {
    method: 'GET',
    path: '/auth/previousOrderCombined',
    handler: 'accounts/get-previous-order',
    access: 'user',
    table: 'read',
    answer: previousOrderSchema,
    summary: 'Items of the latest order: {cart: [items]}',
  },
  {
    method: 'GET',
    path: '/auth/orders',
    handler: 'accounts/list-orders',
    access: 'user',
    table: 'read',
    answer: customerOrdersSchema,
    summary: "The customer's orders with status, newest first",
  },
  {
    method: 'GET',
    path: '/auth/orders/{orderNumber}',
    handler: 'accounts/get-order',
    access: 'user',
    table: 'read',
    params: { orderNumber: orderNumberSchema },
    answer: orderPageSchema,
    refusals: { 404: 'No order of this customer has this number (anyone else’s is a 404 too)' },
    summary: "One of the customer's orders with tracking and replacement requests (404 for anyone else's)",
  },
  {
    method: 'GET',
    path: '/auth/reviews',
    handler: 'accounts/list-ratings',
    access: 'user',
    table: 'read',
    answer: ratingsAnswerSchema,
    summary: "The customer's ratings: {ratings: {productId: rating}}",
  },
  {
    method: 'POST',
    path: '/auth/products/{id}/reviews',
    handler: 'accounts/rate-product',
    access: 'user',
    table: 'readwrite',
    params: { id: productIdSchema },
    body: reviewBodySchema,
    answer: ratedAnswerSchema,
    refusals: {
      403: 'The customer has not bought this product (a rating needs an order of it)',
      404: 'No listed product has this id',
      409: 'Many ratings of this product at once: try again',
    },
    summary: 'One rating (1-5) per customer per bought product; a second replaces the first',
  },
] as const satisfies readonly RouteDef[];
