import { ADMIN_PAGE_SIZE } from '#shared/schemas/admin';
import { ADMIN_ORDERS_PAGE, type OrderListView } from '#shared/schemas/orders';
import * as z from '#shared/schemas/zod';
import type { Carrier, ReplacementStatus } from '#shared/aftersale';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrderSchema,
  adminReplacementListSchema,
  dashboardSchema,
  sendConfirmationAnswerSchema,
  type AdminOrderView,
} from '#shared/schemas/order-views';
import { api, ApiError, apiFile } from '../../lib/api';
import {
  stockItemPageSchema,
  type stockItemRowSchema,
  uploadAnswerSchema,
  uploadStatusSchema,
} from '#shared/schemas/admin';
import { promoListSchema, promoViewSchema } from '#shared/schemas/promo';
import { saleListSchema, saleViewSchema } from '#shared/schemas/sales';
import { reminderSettingsSchema } from '#shared/schemas/reminders';
import { stockDemandSchema } from '#shared/schemas/stock-alerts';
import { shippingSettingsSchema } from '#shared/schemas/shipping';
import { dropViewSchema } from '#shared/schemas/drops';
import { PACKINGS } from '#shared/parcels';
import { labelBatchSchema, labelLinksSchema, labelRatesAnswerSchema } from '#shared/schemas/labels';

const sizes = z.array(z.object({ size: z.string(), available: z.number() }));
export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  extraImages: z.array(z.string()),
  description: z.string(),
  price: z.number(),
  tag: z.string(),
  stockRef: z.optional(z.string()),
  averageRating: z.number(),
  status: z.enum(['listed', 'drafted']),
  version: z.number(),
  stock: z.record(z.string(), z.number()),
  sizes,
  /** Each size's shipping weight (grams) and how the product packs (issue 53 item 1; absent: the kind's). */
  weightGrams: z.optional(z.record(z.string(), z.number())),
  packing: z.optional(z.enum(PACKINGS)),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
const products = z.object({
  products: z.array(adminProductSchema),
  total: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type AdminProductPage = z.infer<typeof products>;
/**
 * `?limit=&cursor=` of an admin table page, or `&id=` for one record (shared/schemas/admin.ts adminPageQuerySchema).
 */
const pageQuery = (cursor?: string, limit = ADMIN_PAGE_SIZE, id?: string) =>
  `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}${id ? `&id=${encodeURIComponent(id)}` : ''}`;

/** A page of listed products, or the one product `id` (a page of it alone, empty when it is not listed). */
export const listProducts = (cursor?: string, id?: string, limit = ADMIN_PAGE_SIZE) =>
  api(`/api/admin/products${pageQuery(cursor, limit, id)}`, products, { auth: true });
export const listDrafted = (cursor?: string) =>
  api(`/api/admin/drafted-products${pageQuery(cursor)}`, products, { auth: true });
export const createProduct = (body: unknown) => api('/api/admin/products', adminProductSchema, { auth: true, body });
export const updateProduct = (id: string, body: unknown) =>
  api(`/api/admin/products/${id}`, adminProductSchema, { auth: true, method: 'PUT', body });
export const draftProduct = (id: string) =>
  api(`/api/admin/products/${id}/draft`, adminProductSchema, { auth: true, method: 'POST', body: {} });
export const undraftProduct = (id: string) =>
  api(`/api/admin/products/${id}/undraft`, adminProductSchema, { auth: true, method: 'POST', body: {} });
export const deleteProduct = (id: string) =>
  api(`/api/admin/products/${id}`, z.object({ deleted: z.string() }), { auth: true, method: 'DELETE' });

export const stockCounts = z.object({ S: z.number(), M: z.number(), L: z.number(), XL: z.number(), '2XL': z.number() });
const item = z.object({ id: z.string(), stock: stockCounts, version: z.number() });
/** A stock item in the list, with the size families of the products linked to it (the sizes' labels). */
export type StockItem = z.infer<typeof stockItemRowSchema>;
export const listItems = (cursor?: string, id?: string) =>
  api(`/api/admin/items${pageQuery(cursor, ADMIN_PAGE_SIZE, id)}`, stockItemPageSchema, { auth: true });
export const createItem = (body: unknown) => api('/api/admin/items', item, { auth: true, body });
export const updateItem = (id: string, body: unknown) =>
  api(`/api/admin/items/${encodeURIComponent(id)}`, item, { auth: true, method: 'PUT', body });
export const deleteItem = (id: string) =>
  api(`/api/admin/items/${encodeURIComponent(id)}`, z.object({ deleted: z.string() }), {
    auth: true,
    method: 'DELETE',
  });

export type AdminOrder = AdminOrderView;
export interface OrderQuery {
  /** A status, or `sales` (paid orders, shipped or not: what the dashboard counts). */
  status: OrderListView;
  q?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
  order?: 'newest' | 'oldest';
}
const queryString = (query: OrderQuery & { format?: 'csv' }) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
export type AdminOrderPage = z.infer<typeof adminOrderListSchema>;
export const listOrders = (query: OrderQuery) =>
  api(`/api/admin/orders?${queryString(query)}`, adminOrderListSchema, { auth: true });

/**
 * A full page of a search. The server reads at most its budget of orders per request and then answers what it found
 * with a cursor to read on (decision 0054), so a page that came back short with a cursor is read on, request after
 * request, until it holds `limit` orders or the view is read to its end: a short or empty answer then means there is
 * no more. `onProgress` hears the order date each request has read back to; `stillWanted` stops it (filters changed).
 */
export async function readOrdersPage(
  query: OrderQuery,
  onProgress?: (readThrough: string | undefined) => void,
  stillWanted: () => boolean = () => true,
): Promise<AdminOrderPage> {
  const limit = query.limit ?? ADMIN_ORDERS_PAGE;
  let answer = await listOrders({ ...query, limit });
  const found = [...answer.orders];
  while (found.length < limit && answer.nextCursor && stillWanted()) {
    onProgress?.(answer.readThrough);
    answer = await listOrders({ ...query, cursor: answer.nextCursor, limit: limit - found.length });
    found.push(...answer.orders);
  }
  return { ...answer, orders: found };
}
export const getOrder = (orderNumber: string) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}`, adminOrderDetailSchema, { auth: true });
export const completeOrder = (orderNumber: string, shipment: { carrier?: Carrier; trackingNumber?: string } = {}) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/complete`, adminOrderSchema, {
    auth: true,
    method: 'POST',
    body: shipment,
  });
/** Corrects a shipped order's carrier or tracking number at the version the page read (decision 0053). */
export const changeTracking = (
  orderNumber: string,
  body: { carrier?: Carrier; trackingNumber?: string; version: number },
) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/tracking`, adminOrderSchema, {
    auth: true,
    method: 'POST',
    body,
  });
/**
 * Send again of an order's confirmation mail that was not sent (decision 0064): 409 when sent before or being sent, 502
 * when SES does not take it.
 */
export const sendConfirmationAgain = (orderNumber: string) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/send-confirmation`, sendConfirmationAnswerSchema, {
    auth: true,
    method: 'POST',
    body: {},
  });
/** A refund in part (decision 0116): answered with the order's whole detail, as the page shows it. */
export const refundOrder = (orderNumber: string, body: unknown) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/refunds`, adminOrderDetailSchema, {
    auth: true,
    method: 'POST',
    body,
  });
/** The provider's rates for a new label of the order, each with its difference from what the customer paid. */
export const labelRates = (orderNumber: string) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/label/rates`, labelRatesAnswerSchema, {
    auth: true,
    method: 'POST',
    body: {},
  });
/** Buys the label of `attempt` once (docs/decisions/0174): answered with the order's whole detail. */
export const buyLabel = (orderNumber: string, body: { attempt: number; rateId?: string }) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/label`, adminOrderDetailSchema, {
    auth: true,
    method: 'POST',
    body,
  });
export const voidLabel = (orderNumber: string, attempt: number) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/label/void`, adminOrderDetailSchema, {
    auth: true,
    method: 'POST',
    body: { attempt },
  });
/** Short-lived links to the label's PDFs (one per parcel). */
export const labelLinks = (orderNumber: string) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/label`, labelLinksSchema, { auth: true });
/** "Buy labels" for several orders: the batch, which the job works through. */
export const startLabelBatch = (orderNumbers: readonly string[]) =>
  api('/api/admin/label-batches', labelBatchSchema, { auth: true, method: 'POST', body: { orderNumbers } });
export const getLabelBatch = (id: string) =>
  api(`/api/admin/label-batches/${encodeURIComponent(id)}`, labelBatchSchema, { auth: true });
export const cancelOrder = (orderNumber: string) =>
  api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/cancel`, adminOrderSchema, {
    auth: true,
    method: 'POST',
    body: {},
  });
export const listReplacements = (status: ReplacementStatus) =>
  api(`/api/admin/replacements?status=${status}`, adminReplacementListSchema, { auth: true }).then(
    (r) => r.replacements,
  );
export const decideReplacement = (
  id: string,
  body: { decision: 'approve' } | { decision: 'decline'; message: string },
) =>
  api(
    `/api/admin/replacements/${encodeURIComponent(id)}`,
    z.looseObject({ replacementOrder: z.nullable(z.string()) }),
    { auth: true, method: 'POST', body },
  );
/** The owner's reminder delay (minutes after the card step; 0 turns reminders off). */
export const saveReminderSettings = (reminderDelayMinutes: number) =>
  api('/api/admin/settings', reminderSettingsSchema, { auth: true, method: 'PUT', body: { reminderDelayMinutes } });
/** The dashboard's figures from the admin's own midnights: today's, and the one 29 days before (the last 30 days). */
export const getDashboard = (today: string, since: string) =>
  api(`/api/admin/dashboard?${new URLSearchParams({ today, since }).toString()}`, dashboardSchema, { auth: true });

/** Back-in-stock requests waiting, per product and size (issue 27 item 7). */
export const listStockDemand = () => api('/api/admin/stock-alerts', stockDemandSchema, { auth: true });

/**
 * Downloads the CSV of a view and date range (the request carries the admin's token, so it is fetched, then saved),
 * under `name` when given (the page names it by the admin's own dates), else the server's name.
 */
export const downloadOrdersCsv = (query: OrderQuery, name?: string) =>
  downloadCsv(
    `/api/admin/orders?${queryString({ ...query, cursor: undefined, limit: undefined, format: 'csv' })}`,
    name ?? 'orders.csv',
    Boolean(name),
  );

/**
 * Fetches a CSV download with the admin's token and saves it, under the server's name (else `name`), or under `name`
 * whatever the server calls it when `ownName`.
 */
export async function downloadCsv(path: string, name: string, ownName = false): Promise<void> {
  const { fileName: served, text } = await apiFile(path, 'text/csv', { auth: true });
  const fileName = ownName ? name : (served ?? name);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const submission = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  items: z.nullable(z.string()),
  createdAt: z.string(),
  mailStatus: z.string(),
  mailAttempts: z.number(),
});
export type Submission = z.infer<typeof submission>;
export const listSubmissions = () =>
  api('/api/admin/forms', z.object({ submissions: z.array(submission) }), { auth: true }).then((r) => r.submissions);
export const resendSubmission = (id: string) =>
  api(`/api/admin/forms/${id}/resend`, z.object({ mailStatus: z.string() }), { auth: true, method: 'POST', body: {} });

const upload = uploadAnswerSchema;

/** Whether the image pipeline has made the photo of an upload yet (processing, ready with a preview, failed). */
export const uploadStatus = (id: string) =>
  api(`/api/admin/uploads/${encodeURIComponent(id)}`, uploadStatusSchema, { auth: true });

/**
 * Uploads one image straight to the bucket with a presigned URL, reporting progress; retries twice. Answers the photo's
 * path.
 */
export async function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const target = await api('/api/admin/uploads', upload, {
    auth: true,
    body: { contentType: file.type, size: file.size, fileName: file.name },
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', target.uploadUrl);
        for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) =>
          event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
        xhr.onload = () =>
          xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Upload failed (${xhr.status})`));
        xhr.onerror = () => reject(new Error('Upload failed: network error'));
        xhr.send(file);
      });
      onProgress(100);
      return target.url;
    } catch (error) {
      if (attempt >= 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
}

// ---- Promo codes (issue 13)
export const listPromoCodes = () =>
  api('/api/admin/promo-codes', promoListSchema, { auth: true }).then((r) => r.promoCodes);
export const createPromoCode = (body: unknown) => api('/api/admin/promo-codes', promoViewSchema, { auth: true, body });
export const updatePromoCode = (code: string, body: unknown) =>
  api(`/api/admin/promo-codes/${encodeURIComponent(code)}`, promoViewSchema, { auth: true, method: 'PUT', body });
export const deletePromoCode = (code: string) =>
  api(`/api/admin/promo-codes/${encodeURIComponent(code)}`, z.object({ deleted: z.string() }), {
    auth: true,
    method: 'DELETE',
  });

/** The owner's shipping settings (issue 53, docs/decisions/0161): the rates on offer and the ship-from address. */
export const getShippingSettings = () => api('/api/admin/shipping/settings', shippingSettingsSchema, { auth: true });
export const saveShippingSettings = (body: unknown) =>
  api('/api/admin/shipping/settings', shippingSettingsSchema, { auth: true, method: 'PUT', body });

/** A product's drop (issue 57, docs/decisions/0170): set up, read (null: none), restock a size, end. */
const dropPath = (productId: string) => `/api/admin/drops/${encodeURIComponent(productId)}`;
export const getDrop = async (productId: string) => {
  try {
    return await api(dropPath(productId), dropViewSchema, { auth: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};
export const setUpDrop = (productId: string, body: unknown) =>
  api(dropPath(productId), dropViewSchema, { auth: true, method: 'PUT', body });
export const restockDrop = (productId: string, body: unknown) =>
  api(`${dropPath(productId)}/restock`, dropViewSchema, { auth: true, method: 'POST', body });
export const endDrop = (productId: string) =>
  api(`${dropPath(productId)}/end`, dropViewSchema, { auth: true, method: 'POST', body: {} });

/** Sales without a code (issue 54): the owner's list, make, change, delete. */
export const listSales = () => api('/api/admin/sales', saleListSchema, { auth: true }).then((r) => r.sales);
export const createSale = (body: unknown) => api('/api/admin/sales', saleViewSchema, { auth: true, body });
export const updateSale = (saleId: string, body: unknown) =>
  api(`/api/admin/sales/${encodeURIComponent(saleId)}`, saleViewSchema, { auth: true, method: 'PUT', body });
export const deleteSale = (saleId: string) =>
  api(`/api/admin/sales/${encodeURIComponent(saleId)}`, z.object({ deleted: z.string() }), {
    auth: true,
    method: 'DELETE',
  });
