import type { CartLine } from '../../../shared/schemas/cart';
import { MAX_QUANTITY, sizesFor } from '../../../shared/sizes';
import { db } from '../../db/service';

/** The saved cart, as the spec's client reads it: {cart: {cart: [lines]}}. */
export async function getCart(userId: string): Promise<{ cart: { cart: CartLine[] } }> {
  const { data } = await db().entities.cart.get({ userId }).go();
  return { cart: { cart: (data?.lines ?? []) as CartLine[] } };
}

/**
 * Saves a cart. Every line is re-read from the table (name, image, price, stockRef): a saved cart never
 * carries a client's price; lines of missing or drafted products, or sizes a product does not have, are dropped;
 * lines of the same product and size are merged (at most 9).
 */
export async function saveCart(userId: string, lines: CartLine[]): Promise<{ cart: { cart: CartLine[] } }> {
  const ids = [...new Set(lines.map((line) => line.id))];
  const products = ids.length ? (await db().entities.product.get(ids.map((id) => ({ id }))).go()).data : [];
  const byId = new Map(products.filter((p) => p.status === 'listed').map((p) => [p.id, p]));
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product || !sizesFor(product.tag).includes(line.size)) continue;
    const key = `${line.id}|${line.size}`;
    const quantity = Math.min(MAX_QUANTITY, (merged.get(key)?.quantity ?? 0) + line.quantity);
    merged.set(key, {
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      size: line.size,
      quantity,
      ...(product.stockRef ? { stockRef: product.stockRef } : {}),
    });
  }
  const saved = [...merged.values()];
  await db().entities.cart.put({ userId, lines: saved }).go();
  return { cart: { cart: saved } };
}
