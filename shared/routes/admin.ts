import { adminPageQuerySchema, productInputSchema, productUpdateSchema, stockItemInputSchema, stockItemUpdateSchema, uploadRequestSchema } from '../schemas/admin';
import { replacementDecisionBodySchema, shipOrderBodySchema, trackingChangeBodySchema } from '../schemas/orders';
import type { RouteDef } from './types';

// One route a line, as a table (Prettier would put each field on its own line):
// prettier-ignore
export const ADMIN_ROUTES = [
  { method: 'GET', path: '/api/admin/products', handler: 'admin/list-products', access: 'admin', table: 'read', query: adminPageQuerySchema, summary: 'A page of listed products with stock and version, newest first (?limit=, ?cursor=), the total and nextCursor; ?id= the one product' },
  { method: 'POST', path: '/api/admin/products', handler: 'admin/create-product', access: 'admin', table: 'readwrite', body: productInputSchema, summary: 'Adds a product' },
  { method: 'PUT', path: '/api/admin/products/{id}', handler: 'admin/update-product', access: 'admin', table: 'readwrite', body: productUpdateSchema, summary: 'Updates a product at the version read (409 otherwise)' },
  { method: 'DELETE', path: '/api/admin/products/{id}', handler: 'admin/delete-product', access: 'admin', table: 'readwrite', uses: ['s3'], summary: 'Deletes a product and its images' },
  { method: 'POST', path: '/api/admin/products/{id}/draft', handler: 'admin/draft-product', access: 'admin', table: 'readwrite', summary: 'Listed -> drafted' },
  { method: 'POST', path: '/api/admin/products/{id}/undraft', handler: 'admin/undraft-product', access: 'admin', table: 'readwrite', summary: 'Drafted -> listed' },
  { method: 'GET', path: '/api/admin/drafted-products', handler: 'admin/list-drafted-products', access: 'admin', table: 'read', query: adminPageQuerySchema, summary: 'A page of drafted products (?limit=, ?cursor=), the total and nextCursor' },
  { method: 'GET', path: '/api/admin/items', handler: 'admin/list-stock-items', access: 'admin', table: 'read', query: adminPageQuerySchema, summary: 'A page of stock items by id (?limit=, ?cursor=), the total and nextCursor; ?id= the one item' },
  { method: 'POST', path: '/api/admin/items', handler: 'admin/create-stock-item', access: 'admin', table: 'readwrite', body: stockItemInputSchema, summary: 'Adds a stock item (409 if the id exists)' },
  { method: 'PUT', path: '/api/admin/items/{id}', handler: 'admin/update-stock-item', access: 'admin', table: 'readwrite', body: stockItemUpdateSchema, summary: 'Updates counts at the version read (409 otherwise)' },
  { method: 'DELETE', path: '/api/admin/items/{id}', handler: 'admin/delete-stock-item', access: 'admin', table: 'readwrite', summary: 'Deletes a stock item' },
  { method: 'GET', path: '/api/admin/orders', handler: 'admin/list-orders', access: 'admin', table: 'read', summary: 'Orders by status (?status=pending|completed|cancelled), newest first or ?order=oldest; search q, date range from/to, cursor pages (?limit=, ?cursor=, nextCursor; total on the unfiltered pending list), format=csv' },
  { method: 'GET', path: '/api/admin/orders/{orderNumber}', handler: 'admin/get-order', access: 'admin', table: 'read', summary: 'One order with payment state, replacement requests and a timeline' },
  { method: 'POST', path: '/api/admin/orders/{orderNumber}/complete', handler: 'admin/complete-order', access: 'admin', table: 'readwrite', uses: ['ses'], body: shipOrderBodySchema, summary: 'Ships (completes) a pending order with carrier and tracking and mails the customer once; again with the same values answers the order, with others 409' },
  { method: 'POST', path: '/api/admin/orders/{orderNumber}/tracking', handler: 'admin/change-tracking', access: 'admin', table: 'readwrite', uses: ['ses'], body: trackingChangeBodySchema, summary: "Corrects a shipped order's carrier or tracking number at the version read (409 otherwise) and mails the customer once per change; the same values again change nothing" },
  { method: 'POST', path: '/api/admin/orders/{orderNumber}/cancel', handler: 'admin/cancel-order', access: 'admin', table: 'readwrite', uses: ['ses', 'stripe'], summary: 'Cancels an unshipped order once: stock back, payment refunded, customer mailed; again finishes a half-done one' },
  { method: 'POST', path: '/api/admin/orders/{orderNumber}/send-confirmation', handler: 'admin/send-confirmation', access: 'admin', table: 'readwrite', uses: ['ses'], summary: "Sends the order's confirmation mail again when it was not sent (refused, or it may not have been sent), once however often pressed; 409 when SES accepted it before or it is being sent, 502 when SES does not take it" },
  { method: 'GET', path: '/api/admin/replacements', handler: 'admin/list-replacements', access: 'admin', table: 'read', summary: 'Replacement requests by status (?status=open|approved|declined), newest first' },
  { method: 'POST', path: '/api/admin/replacements/{id}', handler: 'admin/decide-replacement', access: 'admin', table: 'readwrite', uses: ['ses'], body: replacementDecisionBodySchema, summary: 'Approves (a $0 replacement order, stock taken) or declines (a message) an open request, once' },
  { method: 'GET', path: '/api/admin/dashboard', handler: 'admin/get-dashboard', access: 'admin', table: 'read', summary: 'Sales today and in 30 days, orders to ship, open replacement requests, confirmation mails not sent, low stock' },
  { method: 'POST', path: '/api/admin/uploads', handler: 'admin/create-upload', access: 'admin', table: 'none', uses: ['s3'], body: uploadRequestSchema, summary: 'A presigned S3 PUT URL for one product image' },
  { method: 'GET', path: '/api/admin/uploads/{id}', handler: 'admin/get-upload', access: 'admin', table: 'read', summary: 'Whether the image pipeline has made the photo of one upload (processing, ready, failed)' },
] as const satisfies readonly RouteDef[];
