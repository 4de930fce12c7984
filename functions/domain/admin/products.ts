import { randomBytes } from 'node:crypto';
import type * as z from 'zod';
import type { productInputSchema, productUpdateSchema } from '../../../shared/schemas/admin';
import { sizeKind } from '../../../shared/sizes';
import { db } from '../../db/service';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { deleteImages } from '../../lib/storage';
import { availability, listProductRecords, toProduct, type ProductRecord } from '../catalog/products';

type ProductInput = z.output<typeof productInputSchema>;
type ProductUpdate = z.output<typeof productUpdateSchema>;

export const STALE_PRODUCT = 'This product was changed by someone else. Reload to see the latest version.';

/** What the admin table shows: the public view plus status, version, own stock and per-size availability. */
export async function adminView(record: ProductRecord) {
  return { ...toProduct(record), status: record.status, version: record.version, stock: record.stock ?? {}, sizes: await availability(record) };
}

export async function listAdminProducts(status: 'listed' | 'drafted') {
  return { products: await Promise.all((await listProductRecords(status)).map(adminView)) };
}

/** Apparel and gift wraps need an existing stock item; other goods keep their own counts. */
async function checkStock(tag: string, stockRef: string | undefined) {
  const kind = sizeKind(tag);
  if (kind === 'apparel' || kind === 'giftwrap') {
    if (!stockRef) throw badRequest('Apparel and gift wraps need a stock item.', { stockRef: 'Choose the stock item that holds this product’s sizes.' });
    const item = (await db().entities.stockItem.get({ id: stockRef }).go()).data;
    if (!item) throw badRequest('That stock item does not exist.', { stockRef: 'That stock item does not exist.' });
  }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'product';

export async function createProduct(input: ProductInput) {
  await checkStock(input.tag, input.stockRef);
  const id = `${slug(input.name)}-${randomBytes(3).toString('hex')}`;
  const { data } = await db()
    .entities.product.create({ ...input, id, stockRef: input.stockRef || undefined, status: 'listed' })
    .go();
  return adminView(data as ProductRecord);
}

async function existing(id: string): Promise<ProductRecord> {
  const record = (await db().entities.product.get({ id }).go()).data;
  if (!record) throw notFound('Product not found.');
  return record;
}

export async function updateProduct(id: string, input: ProductUpdate) {
  const current = await existing(id);
  const { version, ...changes } = input;
  await checkStock(changes.tag ?? current.tag, changes.stockRef ?? current.stockRef);
  try {
    await db()
      .entities.product.patch({ id })
      .set({ ...changes, version: version + 1 })
      .where((attr, { eq }) => eq(attr.version, version))
      .go();
  } catch {
    throw conflict(STALE_PRODUCT);
  }
  return adminView(await existing(id));
}

async function setStatus(id: string, from: 'listed' | 'drafted', to: 'listed' | 'drafted') {
  const current = await existing(id);
  if (current.status === to) return adminView(current);
  try {
    await db()
      .entities.product.patch({ id })
      .set({ status: to, version: current.version + 1 })
      .composite({ createdAt: current.createdAt })
      .where((attr, { eq }) => `${eq(attr.status, from)} AND ${eq(attr.version, current.version)}`)
      .go();
  } catch {
    throw conflict(STALE_PRODUCT);
  }
  return adminView(await existing(id));
}

export const draftProduct = (id: string) => setStatus(id, 'listed', 'drafted');
export const undraftProduct = (id: string) => setStatus(id, 'drafted', 'listed');

/** Deletes the product, then its images from the image bucket. */
export async function deleteProduct(id: string) {
  const current = await existing(id);
  await db().entities.product.delete({ id }).go();
  await deleteImages([current.image, ...(current.extraImages ?? [])]);
  return { deleted: id };
}
