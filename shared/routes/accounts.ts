import { ratedAnswerSchema, ratingsAnswerSchema, reviewBodySchema } from '../schemas/account';
import {
  deleteShippingProfileBodySchema,
  profilesAnswerSchema,
  profilesReadSchema,
  shippingProfilesBodySchema,
} from '../schemas/address';
import { validateAdminSchema } from '../schemas/common';
import {
  addGuestOrderAnswerSchema,
  addGuestOrderBodySchema,
  guestOrderLinkAnswerSchema,
  guestOrderLinkBodySchema,
} from '../schemas/guest-orders';
import { customerOrdersSchema, orderPageSchema, previousOrderSchema } from '../schemas/order-views';
import { marketingConsentAnswerSchema, marketingConsentBodySchema } from '../schemas/marketing';
import { orderNumberSchema, productIdSchema } from '../schemas/refs';
import type { RouteDef } from './types';

const PROFILES_CHANGED = 'The profiles changed meanwhile (another tab): reload and try again';

/**
 * The signed-in customer's account: whether it is the owner's, its shipping profiles, its orders, and its ratings of
 * the products it bought.
 */
export const ACCOUNT_ROUTES = [
  {
    method: 'POST',
    path: '/auth/marketing-consent',
    handler: 'accounts/agree-to-marketing',
    access: 'user',
    table: 'readwrite',
    uses: ['cognito'],
    body: marketingConsentBodySchema,
    answer: marketingConsentAnswerSchema,
    refusals: { 404: 'The user pool has no account for the token (deleted meanwhile)' },
    summary:
      "The sign-up's marketing box ticked: the account's email agrees to marketing mail, with the box's words and " +
      'the time (once per account)',
  },
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
    summary: 'Items of the latest order and those the customer may rate: {cart: [items], rateable: [ids]}',
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
  // A guest's order added to the signed-in customer's account (issue 50 item 11, docs/decisions/0143): a link for the
  // order is mailed to the account's own email (proof that the customer holds it), and only that link, opened by the
  // same account, adds the order.
  {
    method: 'POST',
    path: '/auth/guest-orders/link',
    handler: 'accounts/mail-guest-order-link',
    access: 'user',
    // Each ask mails the account's own address at most; counted with the order look-ups (a number tried with an email).
    rateLimit: 'order-lookups',
    table: 'read',
    uses: ['cognito', 'ses', 'links'],
    body: guestOrderLinkBodySchema,
    answer: guestOrderLinkAnswerSchema,
    summary:
      "{orderNumber} -> mails the account's email a link that adds the order to the account, when the order was placed " +
      'without an account and with that email; the same answer either way',
  },
  {
    method: 'POST',
    path: '/auth/guest-orders/add',
    handler: 'accounts/add-guest-order',
    access: 'user',
    table: 'readwrite',
    uses: ['cognito', 'links'],
    body: addGuestOrderBodySchema,
    answer: addGuestOrderAnswerSchema,
    refusals: {
      400: 'The link is not one the shop signed, or has expired (`link_invalid`)',
      403: 'The link was asked for by another account (`other_account`)',
      404: 'No order has the number the link names',
      409: "The order is in another account (`in_another_account`), or the account's email is no longer the order's (`other_email`)",
    },
    summary: "{token} of the mailed link -> the order, now the customer's (again: the same answer)",
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
      403: 'The customer has not bought this product, or its order has not shipped yet',
      404: 'No listed product has this id',
      409: 'Many ratings of this product at once: try again',
    },
    summary: 'One rating (1-5) per customer per product shipped to them; a second replaces the first',
  },
] as const satisfies readonly RouteDef[];
