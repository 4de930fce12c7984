import {
  adminPageQuerySchema,
  adminProductPageSchema,
  adminProductSchema,
  deletedSchema,
  productDeletedSchema,
  productInputSchema,
  productUpdateSchema,
  stockItemIdSchema,
  stockItemInputSchema,
  stockItemPageSchema,
  stockItemUpdateSchema,
  stockItemViewSchema,
} from '../schemas/admin';
import { productIdSchema } from '../schemas/refs';
import type { RouteDef } from './types';

const BAD_CURSOR = { 400: 'A `cursor` that is not the nextCursor of a page of this table' } as const;
const NO_PRODUCT = 'No product (listed or drafted) has this id';
const STALE = 'The record changed since the version the page read (another tab, or a sale): reload';
const NO_ITEM = 'No stock item has this id';
const PRODUCT = { id: productIdSchema } as const;
const ITEM = { id: stockItemIdSchema } as const;
const PHOTOS =
  'Apparel and gift wraps without an existing stock item, or an image whose upload the image pipeline has not made (or could not)';

/**
 * The owner's products and stock items (a part of ADMIN_ROUTES, shared/routes/admin.ts): a function of these routes
 * carries only their schemas, not the orders' views (cold start, issue 39).
 */
// One route a line, as a table (Prettier would put each field on its own line). Each entry is its own export: a
// handler imports its own, so its bundle leaves the others out (an entry with a spread would stay in: none has one).
// prettier-ignore
export const adminListProducts = { method: 'GET', path: '/api/admin/products', handler: 'admin/list-products', access: 'admin', table: 'read', query: adminPageQuerySchema, answer: adminProductPageSchema, refusals: BAD_CURSOR, summary: 'A page of listed products with stock and version, newest first (?limit=, ?cursor=), the total and nextCursor; ?id= the one product' } as const satisfies RouteDef;
// prettier-ignore
export const adminCreateProduct = { method: 'POST', path: '/api/admin/products', handler: 'admin/create-product', access: 'admin', table: 'readwrite', body: productInputSchema, answer: adminProductSchema, success: [201], refusals: { 400: PHOTOS }, summary: 'Adds a product' } as const satisfies RouteDef;
// prettier-ignore
export const adminUpdateProduct = { method: 'PUT', path: '/api/admin/products/{id}', handler: 'admin/update-product', access: 'admin', table: 'readwrite', params: PRODUCT, body: productUpdateSchema, answer: adminProductSchema, refusals: { 400: PHOTOS, 404: NO_PRODUCT, 409: STALE }, summary: 'Updates a product at the version read (409 otherwise)' } as const satisfies RouteDef;
// prettier-ignore
export const adminDeleteProduct = { method: 'DELETE', path: '/api/admin/products/{id}', handler: 'admin/delete-product', access: 'admin', table: 'readwrite', uses: ['s3'], params: PRODUCT, answer: productDeletedSchema, refusals: { 404: NO_PRODUCT, 409: STALE }, summary: 'Deletes a product and its images' } as const satisfies RouteDef;
// prettier-ignore
export const adminDraftProduct = { method: 'POST', path: '/api/admin/products/{id}/draft', handler: 'admin/draft-product', access: 'admin', table: 'readwrite', params: PRODUCT, answer: adminProductSchema, refusals: { 404: NO_PRODUCT, 409: STALE }, summary: 'Listed -> drafted' } as const satisfies RouteDef;
// prettier-ignore
export const adminUndraftProduct = { method: 'POST', path: '/api/admin/products/{id}/undraft', handler: 'admin/undraft-product', access: 'admin', table: 'readwrite', params: PRODUCT, answer: adminProductSchema, refusals: { 404: NO_PRODUCT, 409: STALE }, summary: 'Drafted -> listed' } as const satisfies RouteDef;
// prettier-ignore
export const adminListDraftedProducts = { method: 'GET', path: '/api/admin/drafted-products', handler: 'admin/list-drafted-products', access: 'admin', table: 'read', query: adminPageQuerySchema, answer: adminProductPageSchema, refusals: BAD_CURSOR, summary: 'A page of drafted products (?limit=, ?cursor=), the total and nextCursor' } as const satisfies RouteDef;
// prettier-ignore
export const adminListStockItems = { method: 'GET', path: '/api/admin/items', handler: 'admin/list-stock-items', access: 'admin', table: 'read', query: adminPageQuerySchema, answer: stockItemPageSchema, refusals: BAD_CURSOR, summary: 'A page of stock items by id (?limit=, ?cursor=), the total and nextCursor; ?id= the one item' } as const satisfies RouteDef;
// prettier-ignore
export const adminCreateStockItem = { method: 'POST', path: '/api/admin/items', handler: 'admin/create-stock-item', access: 'admin', table: 'readwrite', body: stockItemInputSchema, answer: stockItemViewSchema, success: [201], refusals: { 409: 'A stock item with this id exists already' }, summary: 'Adds a stock item (409 if the id exists)' } as const satisfies RouteDef;
// prettier-ignore
export const adminUpdateStockItem = { method: 'PUT', path: '/api/admin/items/{id}', handler: 'admin/update-stock-item', access: 'admin', table: 'readwrite', params: ITEM, body: stockItemUpdateSchema, answer: stockItemViewSchema, refusals: { 404: NO_ITEM, 409: STALE }, summary: 'Updates counts at the version read (409 otherwise)' } as const satisfies RouteDef;
// prettier-ignore
export const adminDeleteStockItem = { method: 'DELETE', path: '/api/admin/items/{id}', handler: 'admin/delete-stock-item', access: 'admin', table: 'readwrite', params: ITEM, answer: deletedSchema, refusals: { 404: NO_ITEM, 409: 'Products (listed or drafted) still take their sizes from this item' }, summary: 'Deletes a stock item' } as const satisfies RouteDef;

export const ADMIN_CATALOG_ROUTES = [
  adminListProducts,
  adminCreateProduct,
  adminUpdateProduct,
  adminDeleteProduct,
  adminDraftProduct,
  adminUndraftProduct,
  adminListDraftedProducts,
  adminListStockItems,
  adminCreateStockItem,
  adminUpdateStockItem,
  adminDeleteStockItem,
] as const satisfies readonly RouteDef[];
