import * as z from '../../../../shared/schemas/zod';
import { api } from '../../lib/api';

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
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
const products = z.object({ products: z.array(adminProductSchema) });

export const listProducts = () => api('/api/admin/products', products, { auth: true }).then((r) => r.products);
export const listDrafted = () => api('/api/admin/drafted-products', products, { auth: true }).then((r) => r.products);
export const createProduct = (body: unknown) => api('/api/admin/products', adminProductSchema, { auth: true, body });
export const updateProduct = (id: string, body: unknown) => api(`/api/admin/products/${id}`, adminProductSchema, { auth: true, method: 'PUT', body });
export const draftProduct = (id: string) => api(`/api/admin/products/${id}/draft`, adminProductSchema, { auth: true, method: 'POST', body: {} });
export const undraftProduct = (id: string) => api(`/api/admin/products/${id}/undraft`, adminProductSchema, { auth: true, method: 'POST', body: {} });
export const deleteProduct = (id: string) => api(`/api/admin/products/${id}`, z.object({ deleted: z.string() }), { auth: true, method: 'DELETE' });

export const stockCounts = z.object({ S: z.number(), M: z.number(), L: z.number(), XL: z.number(), '2XL': z.number() });
const item = z.object({ id: z.string(), stock: stockCounts, version: z.number() });
export type StockItem = z.infer<typeof item>;
export const listItems = () => api('/api/admin/items', z.object({ items: z.array(item) }), { auth: true }).then((r) => r.items);
export const createItem = (body: unknown) => api('/api/admin/items', item, { auth: true, body });
export const updateItem = (id: string, body: unknown) => api(`/api/admin/items/${encodeURIComponent(id)}`, item, { auth: true, method: 'PUT', body });
export const deleteItem = (id: string) => api(`/api/admin/items/${encodeURIComponent(id)}`, z.object({ deleted: z.string() }), { auth: true, method: 'DELETE' });

const line = z.object({ id: z.string(), name: z.string(), image: z.string(), price: z.number(), size: z.string(), quantity: z.number() });
const order = z.object({
  orderNumber: z.string(),
  status: z.string(),
  createdAt: z.string(),
  customer: z.string(),
  shippingAddress: z.object({ name: z.string(), email: z.string(), line1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  lines: z.array(line),
  amounts: z.object({ subtotal: z.number(), shipping: z.number(), tax: z.number(), total: z.number() }),
});
export type AdminOrder = z.infer<typeof order>;
export const listOrders = (status: 'pending' | 'completed') => api(`/api/admin/orders?status=${status}`, z.object({ orders: z.array(order) }), { auth: true }).then((r) => r.orders);
export const completeOrder = (orderNumber: string) => api(`/api/admin/orders/${orderNumber}/complete`, order, { auth: true, method: 'POST', body: {} });

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
export const listSubmissions = () => api('/api/admin/forms', z.object({ submissions: z.array(submission) }), { auth: true }).then((r) => r.submissions);
export const resendSubmission = (id: string) => api(`/api/admin/forms/${id}/resend`, z.object({ mailStatus: z.string() }), { auth: true, method: 'POST', body: {} });

const upload = z.object({ uploadUrl: z.string(), key: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) });

/** Uploads one image straight to the bucket with a presigned URL, reporting progress; retries twice. */
export async function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const target = await api('/api/admin/uploads', upload, { auth: true, body: { contentType: file.type, size: file.size, fileName: file.name } });
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', target.uploadUrl);
        for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
        xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Upload failed (${xhr.status})`)));
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
