import { orderNumberSchema } from '../schemas/refs';
import { customerOrdersSchema, orderPageSchema, previousOrderSchema } from '../schemas/order-views';
import type { RouteDef } from './types';

/** The signed-in customer's orders (a part of ACCOUNT_ROUTES). */
export const ACCOUNT_ORDER_ROUTES = [
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
] as const satisfies readonly RouteDef[];
