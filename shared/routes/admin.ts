import { productInputSchema, productUpdateSchema, stockItemInputSchema, stockItemUpdateSchema, uploadRequestSchema } from '../schemas/admin';
import type { RouteDef } from './types';

export const ADMIN_ROUTES = [
  { method: 'GET', path: '/api/admin/products', handler: 'admin/list-products', access: 'admin', table: 'read', summary: 'Listed products with stock and version' },
  { method: 'POST', path: '/api/admin/products', handler: 'admin/create-product', access: 'admin', table: 'readwrite', body: productInputSchema, summary: 'Adds a product' },
  { method: 'PUT', path: '/api/admin/products/{id}', handler: 'admin/update-product', access: 'admin', table: 'readwrite', body: productUpdateSchema, summary: 'Updates a product at the version read (409 otherwise)' },
  { method: 'DELETE', path: '/api/admin/products/{id}', handler: 'admin/delete-product', access: 'admin', table: 'readwrite', uses: ['s3'], summary: 'Deletes a product and its images' },
  { method: 'POST', path: '/api/admin/products/{id}/draft', handler: 'admin/draft-product', access: 'admin', table: 'readwrite', summary: 'Listed -> drafted' },
  { method: 'POST', path: '/api/admin/products/{id}/undraft', handler: 'admin/undraft-product', access: 'admin', table: 'readwrite', summary: 'Drafted -> listed' },
  { method: 'GET', path: '/api/admin/drafted-products', handler: 'admin/list-drafted-products', access: 'admin', table: 'read', summary: 'Drafted products' },
  { method: 'GET', path: '/api/admin/items', handler: 'admin/list-stock-items', access: 'admin', table: 'read', summary: 'Stock items' },
  { method: 'POST', path: '/api/admin/items', handler: 'admin/create-stock-item', access: 'admin', table: 'readwrite', body: stockItemInputSchema, summary: 'Adds a stock item (409 if the id exists)' },
  { method: 'PUT', path: '/api/admin/items/{id}', handler: 'admin/update-stock-item', access: 'admin', table: 'readwrite', body: stockItemUpdateSchema, summary: 'Updates counts at the version read (409 otherwise)' },
  { method: 'DELETE', path: '/api/admin/items/{id}', handler: 'admin/delete-stock-item', access: 'admin', table: 'readwrite', summary: 'Deletes a stock item' },
  { method: 'GET', path: '/api/admin/orders', handler: 'admin/list-orders', access: 'admin', table: 'read', summary: 'Orders by status (?status=pending|completed), newest first' },
  { method: 'POST', path: '/api/admin/orders/{orderNumber}/complete', handler: 'admin/complete-order', access: 'admin', table: 'readwrite', summary: 'Pending -> completed (archived); idempotent' },
  { method: 'POST', path: '/api/admin/uploads', handler: 'admin/create-upload', access: 'admin', table: 'none', uses: ['s3'], body: uploadRequestSchema, summary: 'A presigned S3 PUT URL for one product image' },
] as const satisfies readonly RouteDef[];
