import { orderNumberSchema } from '../schemas/refs';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrderSchema,
  adminReplacementListSchema,
  dashboardSchema,
  replacementDecisionAnswerSchema,
  sendConfirmationAnswerSchema,
} from '../schemas/order-views';
import {
  adminOrdersQuerySchema,
  dashboardQuerySchema,
  replacementIdSchema,
  replacementDecisionBodySchema,
  replacementsQuerySchema,
  shipOrderBodySchema,
  trackingChangeBodySchema,
} from '../schemas/orders';
import { refundBodySchema } from '../schemas/refunds';
import type { RouteDef } from './types';

const NO_ORDER = 'No order has this number';
const ORDER = { orderNumber: orderNumberSchema } as const;

/**
 * The owner's orders, replacement requests and dashboard (a part of ADMIN_ROUTES, shared/routes/admin.ts): a
 * function of these routes carries their schemas only, not the products' (cold start, issue 39).
 */
// One route a line, as a table (Prettier would put each field on its own line). Each entry is its own export: a
// handler imports its own, so its bundle leaves the others out (an entry with a spread would stay in: none has one).
// prettier-ignore
export const adminListOrders = { method: 'GET', path: '/api/admin/orders', handler: 'admin/list-orders', access: 'admin', table: 'read', query: adminOrdersQuerySchema, answer: adminOrderListSchema, download: 'text/csv', refusals: { 400: 'A cursor of another search, or a date range that ends before it starts' }, summary: 'Orders by status (?status=pending|completed|cancelled|sales|all; pending: waiting to ship), newest first or ?order=oldest; search q, date range from/to, cursor pages (?limit=, ?cursor=, nextCursor; total on the unfiltered pending list), format=csv' } as const satisfies RouteDef;
// prettier-ignore
export const adminGetOrder = { method: 'GET', path: '/api/admin/orders/{orderNumber}', handler: 'admin/get-order', access: 'admin', table: 'read', params: ORDER, answer: adminOrderDetailSchema, refusals: { 404: NO_ORDER }, summary: 'One order with payment state, replacement requests and a timeline' } as const satisfies RouteDef;
// prettier-ignore
export const adminCompleteOrder = { method: 'POST', path: '/api/admin/orders/{orderNumber}/complete', handler: 'admin/complete-order', access: 'admin', table: 'readwrite', uses: ['ses'], params: ORDER, body: shipOrderBodySchema, answer: adminOrderSchema, refusals: { 404: NO_ORDER, 409: 'The payment is not captured yet, nothing is left to ship (every item refunded), the order was cancelled, or it shipped already with other values' }, summary: 'Ships (completes) a pending order with carrier and tracking and mails the customer once; again with the same values answers the order, with others 409' } as const satisfies RouteDef;
// prettier-ignore
export const adminChangeTracking = { method: 'POST', path: '/api/admin/orders/{orderNumber}/tracking', handler: 'admin/change-tracking', access: 'admin', table: 'readwrite', uses: ['ses'], params: ORDER, body: trackingChangeBodySchema, answer: adminOrderSchema, refusals: { 404: NO_ORDER, 409: 'The order has not shipped or was cancelled, or its tracking changed since the version read' }, summary: "Corrects a shipped order's carrier or tracking number at the version read (409 otherwise) and mails the customer once per change; the same values again change nothing" } as const satisfies RouteDef;
// prettier-ignore
export const adminRefundOrder = { method: 'POST', path: '/api/admin/orders/{orderNumber}/refunds', handler: 'admin/refund-order', access: 'admin', table: 'readwrite', uses: ['ses', 'stripe'], params: ORDER, body: refundBodySchema, answer: adminOrderDetailSchema, refusals: { 404: NO_ORDER, 409: 'More than is left to refund (units, shipping or money; money for gift cards the order bought that can still be spent: void them first), a gift card as an item, a cancelled, replacement or uncaptured order, the same refundId with other items, or the order is busy', 502: 'The payment provider refused the refund (nothing was refunded)' }, summary: 'A refund in part, once per refundId (made once by the form): lines and units with their shares of discount and tax, the shipping, or an amount; a reason; the units back to stock or not. Money back through the payment provider, the customer mailed' } as const satisfies RouteDef;
// prettier-ignore
export const adminCancelOrder = { method: 'POST', path: '/api/admin/orders/{orderNumber}/cancel', handler: 'admin/cancel-order', access: 'admin', table: 'readwrite', uses: ['ses', 'stripe'], params: ORDER, answer: adminOrderSchema, refusals: { 404: NO_ORDER, 409: 'The order has shipped, or it is busy (try again)', 502: 'The payment provider refused the refund (the order stays cancelled)' }, summary: 'Cancels an unshipped order once: stock back, payment refunded, customer mailed; again finishes a half-done one' } as const satisfies RouteDef;
// prettier-ignore
export const adminSendConfirmation = { method: 'POST', path: '/api/admin/orders/{orderNumber}/send-confirmation', handler: 'admin/send-confirmation', access: 'admin', table: 'readwrite', uses: ['ses'], params: ORDER, answer: sendConfirmationAnswerSchema, refusals: { 404: NO_ORDER, 409: 'SES accepted the mail before, it is being sent, the order gets none, was cancelled or is not paid yet', 502: 'SES did not take the mail (or may not have: its state is unknown)' }, summary: "Sends the order's confirmation mail again when it was not sent (refused, or it may not have been sent), once however often pressed; 409 when SES accepted it before or it is being sent, 502 when SES does not take it" } as const satisfies RouteDef;
// prettier-ignore
export const adminListReplacements = { method: 'GET', path: '/api/admin/replacements', handler: 'admin/list-replacements', access: 'admin', table: 'read', query: replacementsQuerySchema, answer: adminReplacementListSchema, summary: 'Replacement requests by status (?status=open|approved|declined|cancelled), newest first' } as const satisfies RouteDef;
// prettier-ignore
export const adminDecideReplacement = { method: 'POST', path: '/api/admin/replacements/{id}', handler: 'admin/decide-replacement', access: 'admin', table: 'readwrite', uses: ['ses'], params: { id: replacementIdSchema }, body: replacementDecisionBodySchema, answer: replacementDecisionAnswerSchema, refusals: { 404: 'No replacement request has this id', 409: 'The request was decided the other way already, or the stock for the replacement is gone (`out_of_stock`)' }, summary: 'Approves (a $0 replacement order, stock taken) or declines (a message) an open request, once' } as const satisfies RouteDef;
// prettier-ignore
export const adminGetDashboard = { method: 'GET', path: '/api/admin/dashboard', handler: 'admin/get-dashboard', access: 'admin', table: 'read', query: dashboardQuerySchema, answer: dashboardSchema, summary: 'Sales today and in 30 days, orders to ship, open replacement requests, confirmation mails not sent, back-in-stock requests waiting, low stock' } as const satisfies RouteDef;

export const ADMIN_ORDER_ROUTES = [
  adminListOrders,
  adminGetOrder,
  adminCompleteOrder,
  adminChangeTracking,
  adminRefundOrder,
  adminCancelOrder,
  adminSendConfirmation,
  adminListReplacements,
  adminDecideReplacement,
  adminGetDashboard,
] as const satisfies readonly RouteDef[];
