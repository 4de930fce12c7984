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
  uploadAnswerSchema,
  uploadIdSchema,
  uploadRequestSchema,
  uploadStatusSchema,
} from '../schemas/admin';
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
import { orderNumberSchema, productIdSchema } from '../schemas/refs';
import { refundBodySchema } from '../schemas/refunds';
import {
  buyLabelBodySchema,
  labelBatchBodySchema,
  labelBatchIdSchema,
  labelBatchSchema,
  labelLinksSchema,
  labelRatesAnswerSchema,
  voidLabelBodySchema,
} from '../schemas/labels';
import { reportQuerySchema, reportSchema } from '../schemas/reports';
import { marketingExportQuerySchema, marketingExportSchema } from '../schemas/marketing';
import { funnelQuerySchema, funnelSchema } from '../schemas/funnel';
import type { RouteDef } from './types';

const BAD_CURSOR = { 400: 'A `cursor` that is not the nextCursor of a page of this table' } as const;
const NO_PRODUCT = 'No product (listed or drafted) has this id';
const STALE = 'The record changed since the version the page read (another tab, or a sale): reload';
const NO_ITEM = 'No stock item has this id';
const PRODUCT = { id: productIdSchema } as const;
const ITEM = { id: stockItemIdSchema } as const;
const PHOTOS =
  'Apparel and gift wraps without an existing stock item, or an image whose upload the image pipeline ' +
  'has not made (or could not)';

const NO_ORDER = 'No order has this number';
const ORDER = { orderNumber: orderNumberSchema } as const;

/**
 * The owner's admin area: products (listed and drafted) and the stock items they take their sizes from; orders
 * (the list and one order, shipping and tracking, refunds and cancels, confirmation mails sent again), replacement
 * requests and the dashboard; and product photo uploads. The owner's promo codes, gift cards, quotes, enquiries,
 * settings and back-in-stock demand are in the route files of their areas.
 */
export const ADMIN_ROUTES = [
  // Products and stock items.
  {
    method: 'GET',
    path: '/api/admin/products',
    handler: 'admin/list-products',
    access: 'admin',
    table: 'read',
    query: adminPageQuerySchema,
    answer: adminProductPageSchema,
    refusals: BAD_CURSOR,
    summary:
      'A page of listed products with stock and version, newest first (?limit=, ?cursor=), ' +
      'the total and nextCursor; ?id= the one product',
  },
  {
    method: 'POST',
    path: '/api/admin/products',
    handler: 'admin/create-product',
    access: 'admin',
    table: 'readwrite',
    body: productInputSchema,
    answer: adminProductSchema,
    success: [201],
    refusals: { 400: PHOTOS },
    summary: 'Adds a product',
  },
  {
    method: 'PUT',
    path: '/api/admin/products/{id}',
    handler: 'admin/update-product',
    access: 'admin',
    table: 'readwrite',
    params: PRODUCT,
    body: productUpdateSchema,
    answer: adminProductSchema,
    refusals: { 400: PHOTOS, 404: NO_PRODUCT, 409: STALE },
    summary: 'Updates a product at the version read (409 otherwise)',
  },
  {
    method: 'DELETE',
    path: '/api/admin/products/{id}',
    handler: 'admin/delete-product',
    access: 'admin',
    table: 'readwrite',
    uses: ['s3'],
    params: PRODUCT,
    answer: productDeletedSchema,
    refusals: { 404: NO_PRODUCT, 409: STALE },
    summary: 'Deletes a product and its images',
  },
  {
    method: 'POST',
    path: '/api/admin/products/{id}/draft',
    handler: 'admin/draft-product',
    access: 'admin',
    table: 'readwrite',
    params: PRODUCT,
    answer: adminProductSchema,
    refusals: { 404: NO_PRODUCT, 409: STALE },
    summary: 'Listed -> drafted',
  },
  {
    method: 'POST',
    path: '/api/admin/products/{id}/undraft',
    handler: 'admin/undraft-product',
    access: 'admin',
    table: 'readwrite',
    params: PRODUCT,
    answer: adminProductSchema,
    refusals: { 404: NO_PRODUCT, 409: STALE },
    summary: 'Drafted -> listed',
  },
  {
    method: 'GET',
    path: '/api/admin/drafted-products',
    handler: 'admin/list-drafted-products',
    access: 'admin',
    table: 'read',
    query: adminPageQuerySchema,
    answer: adminProductPageSchema,
    refusals: BAD_CURSOR,
    summary: 'A page of drafted products (?limit=, ?cursor=), the total and nextCursor',
  },
  {
    method: 'GET',
    path: '/api/admin/items',
    handler: 'admin/list-stock-items',
    access: 'admin',
    table: 'read',
    query: adminPageQuerySchema,
    answer: stockItemPageSchema,
    refusals: BAD_CURSOR,
    summary: 'A page of stock items by id (?limit=, ?cursor=), the total and nextCursor; ?id= the one item',
  },
  {
    method: 'POST',
    path: '/api/admin/items',
    handler: 'admin/create-stock-item',
    access: 'admin',
    table: 'readwrite',
    body: stockItemInputSchema,
    answer: stockItemViewSchema,
    success: [201],
    refusals: { 409: 'A stock item with this id exists already' },
    summary: 'Adds a stock item (409 if the id exists)',
  },
  {
    method: 'PUT',
    path: '/api/admin/items/{id}',
    handler: 'admin/update-stock-item',
    access: 'admin',
    table: 'readwrite',
    params: ITEM,
    body: stockItemUpdateSchema,
    answer: stockItemViewSchema,
    refusals: { 404: NO_ITEM, 409: `${STALE}; or a size in a drop was changed (restocked on the drop)` },
    summary: 'Updates counts at the version read (409 otherwise)',
  },
  {
    method: 'DELETE',
    path: '/api/admin/items/{id}',
    handler: 'admin/delete-stock-item',
    access: 'admin',
    table: 'readwrite',
    params: ITEM,
    answer: deletedSchema,
    refusals: { 404: NO_ITEM, 409: 'Products (listed or drafted) still take their sizes from this item' },
    summary: 'Deletes a stock item',
  },
  // Orders, replacement requests and the dashboard.
  {
    method: 'GET',
    path: '/api/admin/orders',
    handler: 'admin/list-orders',
    access: 'admin',
    table: 'read',
    query: adminOrdersQuerySchema,
    answer: adminOrderListSchema,
    download: 'text/csv',
    refusals: { 400: 'A cursor of another search, or a date range that ends before it starts' },
    summary:
      'Orders by status (?status=pending|completed|cancelled|sales|all; pending: waiting to ship), ' +
      'newest first or ?order=oldest; search q, date range from/to, cursor pages (?limit=, ?cursor=, ' +
      'nextCursor; total on the unfiltered pending list), format=csv',
  },
  {
    method: 'GET',
    path: '/api/admin/orders/{orderNumber}',
    handler: 'admin/get-order',
    access: 'admin',
    table: 'read',
    params: ORDER,
    answer: adminOrderDetailSchema,
    refusals: { 404: NO_ORDER },
    summary: 'One order with payment state, replacement requests and a timeline',
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/complete',
    handler: 'admin/complete-order',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses'],
    params: ORDER,
    body: shipOrderBodySchema,
    answer: adminOrderSchema,
    refusals: {
      404: NO_ORDER,
      409:
        'The payment is not captured yet, nothing is left to ship (every item refunded), ' +
        'the order was cancelled, or it shipped already with other values',
    },
    summary:
      'Ships (completes) a pending order with carrier and tracking and mails the customer once; ' +
      'again with the same values answers the order, with others 409',
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/tracking',
    handler: 'admin/change-tracking',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses'],
    params: ORDER,
    body: trackingChangeBodySchema,
    answer: adminOrderSchema,
    refusals: {
      404: NO_ORDER,
      409: 'The order has not shipped or was cancelled, or its tracking changed since the version read',
    },
    summary:
      "Corrects a shipped order's carrier or tracking number at the version read (409 otherwise) " +
      'and mails the customer once per change; the same values again change nothing',
  },
  // Shipping labels (issue 53 item 3, docs/decisions/0174 and 0175).
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/label/rates',
    handler: 'admin/label-rates',
    access: 'admin',
    table: 'read',
    uses: ['shipping'],
    params: ORDER,
    answer: labelRatesAnswerSchema,
    refusals: {
      404: NO_ORDER,
      409: 'The order is not waiting to ship with its payment captured, has a label, or labels are not set up',
      502: 'The shipping provider did not answer',
    },
    summary:
      "The provider's rates for the order's parcels to its address now, each with its difference from what the " +
      'customer paid for shipping (new shipments: nothing is bought)',
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/label',
    handler: 'admin/buy-label',
    access: 'admin',
    table: 'readwrite',
    uses: ['shipping', 's3'],
    params: ORDER,
    body: buyLabelBodySchema,
    answer: adminOrderDetailSchema,
    refusals: {
      404: NO_ORDER,
      409:
        'The order is not waiting to ship with its payment captured, the attempt is stale (a label bought or voided ' +
        'since), no carrier rate is named for an order that paid a shop rate, the rate is not one for this order, or ' +
        'labels are not set up',
      502: 'The shipping provider did not answer or refused',
    },
    summary:
      'Buys the label of attempt `attempt` once (its key is stored on the order before the provider is called): the ' +
      'same attempt again answers or finishes that label; the PDF kept privately; answers the order detail',
  },
  {
    method: 'GET',
    path: '/api/admin/orders/{orderNumber}/label',
    handler: 'admin/label-links',
    access: 'admin',
    table: 'read',
    uses: ['s3'],
    params: ORDER,
    answer: labelLinksSchema,
    refusals: { 404: 'No such order, or it has no bought label' },
    summary: "Short-lived links (5 minutes) to the bought label's 4x6 PDFs, one per parcel",
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/label/void',
    handler: 'admin/void-label',
    access: 'admin',
    table: 'readwrite',
    uses: ['shipping'],
    params: ORDER,
    body: voidLabelBodySchema,
    answer: adminOrderDetailSchema,
    refusals: {
      404: NO_ORDER,
      409: "No label of that attempt, voided already, being bought, the order shipped, or past the carrier's window",
      502: 'The shipping provider did not answer or refused the refund',
    },
    summary: "Voids the label through the provider's refund and records it (timeline); the owner may buy again",
  },
  {
    method: 'POST',
    path: '/api/admin/label-batches',
    handler: 'admin/start-label-batch',
    access: 'admin',
    table: 'readwrite',
    body: labelBatchBodySchema,
    answer: labelBatchSchema,
    success: [201],
    summary: 'Records a "Buy labels" batch of orders; the job buy-labels buys the label of each order once',
  },
  {
    method: 'GET',
    path: '/api/admin/label-batches/{id}',
    handler: 'admin/get-label-batch',
    access: 'admin',
    table: 'read',
    params: { id: labelBatchIdSchema },
    answer: labelBatchSchema,
    refusals: { 404: 'No such batch' },
    summary: "A batch's progress and each order's result",
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/refunds',
    handler: 'admin/refund-order',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses', 'stripe'],
    params: ORDER,
    body: refundBodySchema,
    answer: adminOrderDetailSchema,
    refusals: {
      404: NO_ORDER,
      409:
        'More than is left to refund (units, shipping or money; money for gift cards the order bought that ' +
        'can still be spent: void them first), a gift card as an item, a cancelled, ' +
        'replacement or uncaptured order, the same refundId with other items, or the order is busy',
      502: 'The payment provider refused the refund (nothing was refunded)',
    },
    summary:
      'A refund in part, once per refundId (made once by the form): ' +
      'lines and units with their shares of discount and tax, the shipping, or an amount; a reason; ' +
      'the units back to stock or not. Money back through the payment provider, the customer mailed',
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/cancel',
    handler: 'admin/cancel-order',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses', 'stripe'],
    params: ORDER,
    answer: adminOrderSchema,
    refusals: {
      404: NO_ORDER,
      409: 'The order has shipped, or it is busy (try again)',
      502: 'The payment provider refused the refund (the order stays cancelled)',
    },
    summary:
      'Cancels an unshipped order once: stock back, payment refunded, customer mailed; again finishes a half-done one',
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{orderNumber}/send-confirmation',
    handler: 'admin/send-confirmation',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses'],
    params: ORDER,
    answer: sendConfirmationAnswerSchema,
    refusals: {
      404: NO_ORDER,
      409: 'SES accepted the mail before, it is being sent, the order gets none, was cancelled or is not paid yet',
      502: 'SES did not take the mail (or may not have: its state is unknown)',
    },
    summary:
      "Sends the order's confirmation mail again when it was not sent (refused, " +
      'or it may not have been sent), once however often pressed; ' +
      '409 when SES accepted it before or it is being sent, 502 when SES does not take it',
  },
  {
    method: 'GET',
    path: '/api/admin/replacements',
    handler: 'admin/list-replacements',
    access: 'admin',
    table: 'read',
    query: replacementsQuerySchema,
    answer: adminReplacementListSchema,
    summary: 'Replacement requests by status (?status=open|approved|declined|cancelled), newest first',
  },
  {
    method: 'POST',
    path: '/api/admin/replacements/{id}',
    handler: 'admin/decide-replacement',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses'],
    params: { id: replacementIdSchema },
    body: replacementDecisionBodySchema,
    answer: replacementDecisionAnswerSchema,
    refusals: {
      404: 'No replacement request has this id',
      409: 'The request was decided the other way already, or the stock for the replacement is gone (`out_of_stock`)',
    },
    summary: 'Approves (a $0 replacement order, stock taken) or declines (a message) an open request, once',
  },
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    handler: 'admin/get-dashboard',
    access: 'admin',
    table: 'read',
    query: dashboardQuerySchema,
    answer: dashboardSchema,
    summary:
      'Sales today and in 30 days, orders to ship, open replacement requests, confirmation mails not sent, ' +
      'back-in-stock requests waiting, low stock',
  },
  {
    method: 'GET',
    path: '/api/admin/reports',
    handler: 'admin/get-report',
    access: 'admin',
    table: 'read',
    query: reportQuerySchema,
    answer: reportSchema,
    download: 'text/csv',
    summary:
      "The owner's reports from the ledger (?report=sales|products|gift-cards|tax, from/to shop days, " +
      'by=day|week|month|quarter|range), format=csv',
  },
  {
    method: 'GET',
    path: '/api/admin/funnel',
    handler: 'admin/get-funnel',
    access: 'admin',
    table: 'read',
    query: funnelQuerySchema,
    answer: funnelSchema,
    summary:
      "The shoppers' path over a range of shop days (views, cart adds, checkouts, card steps, orders paid), by device " +
      'class and source, with the 7 days before',
  },
  {
    method: 'GET',
    path: '/api/admin/marketing/export',
    handler: 'admin/export-marketing',
    access: 'admin',
    table: 'read',
    query: marketingExportQuerySchema,
    answer: marketingExportSchema,
    download: 'text/csv',
    summary:
      'Customers who agreed to marketing mail and did not unsubscribe since, by segment (?segment=bought-between&' +
      'from&to | bought-category&category | spent-over&over (cents) | not-since&since), format=csv',
  },
  // Product photo uploads.
  {
    method: 'POST',
    path: '/api/admin/uploads',
    handler: 'admin/create-upload',
    access: 'admin',
    table: 'readwrite',
    uses: ['s3'],
    body: uploadRequestSchema,
    answer: uploadAnswerSchema,
    success: [201],
    summary: 'A presigned S3 PUT URL for one product image (the upload is recorded as issued for a day)',
  },
  {
    method: 'GET',
    path: '/api/admin/uploads/{id}',
    handler: 'admin/get-upload',
    access: 'admin',
    table: 'read',
    params: { id: uploadIdSchema },
    answer: uploadStatusSchema,
    refusals: {
      404: 'The shop never issued this upload id (or issued it more than a day ago and no photo was made of it)',
    },
    summary: 'Whether the image pipeline has made the photo of one upload (processing, ready, failed)',
  },
] as const satisfies readonly RouteDef[];
