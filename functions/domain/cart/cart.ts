import { shownImage } from '#shared/images';
import type { CartLine } from '#shared/schemas/cart';
import { cartLineKey, giftCardLine, goodsLines } from '#shared/gift-card-lines';
import { isSize, MAX_QUANTITY, sizesFor } from '#shared/sizes';
import { carts } from '../../db/entities/cart';
import { products, type ProductRecord } from '../../db/entities/product';

type SavedCart = { cart: { cart: CartLine[] } };

/** The listed products among `ids`, by id (drafted and missing ones are left out). */
async function listedProducts(ids: string[]): Promise<Map<string, ProductRecord>> {
  const records = await products.getMany(ids.map((id) => ({ id })));
  return new Map(records.filter((p) => p.status === 'listed').map((p) => [p.id, p]));
}

/**
 * Lines as the table has them: name, image, price (cents) and stockRef come from the stored product, never from
 * the client; lines of missing or drafted products, or of sizes the product does not have, are dropped; lines of
 * the same product and size are merged (at most 9). A gift card keeps its line (its card as the shopper typed it,
 * priced at its amount: shared/gift-card-lines.ts); the same card twice is one line.
 */
export function normaliseLines(lines: readonly CartLine[], products: Map<string, ProductRecord>): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    if (line.giftCard) {
      merged.set(cartLineKey(line), giftCardLine(line.giftCard));
      continue;
    }
    const product = products.get(line.id);
    const size = line.size;
    if (!product || !isSize(size) || !sizesFor(product.tag).includes(size)) continue;
    const key = cartLineKey(line);
    merged.set(key, {
      id: product.id,
      name: product.name,
      // The JPEG an <img> shows (a photo's stored path names the photo, not a file).
      image: shownImage(product.image, product.photos),
      price: product.price,
      size,
      quantity: Math.min(MAX_QUANTITY, (merged.get(key)?.quantity ?? 0) + line.quantity),
      ...(product.stockRef ? { stockRef: product.stockRef } : {}),
    });
  }
  return [...merged.values()];
}

/**
 * The saved cart, as the spec's client reads it: {cart: {cart: [lines]}}. The lines are re-read against the
 * catalogue, so a product drafted or re-priced since the cart was saved shows as it is now (nothing is written).
 */
export async function getCart(userId: string): Promise<SavedCart> {
  const lines = (await carts.get({ userId }))?.lines ?? [];
  if (!lines.length) return { cart: { cart: [] } };
  return { cart: { cart: normaliseLines(lines, await listedProducts(goodsLines(lines).map((line) => line.id))) } };
}

/** Saves a cart (normalised from the table, see normaliseLines); an empty list empties it. Answers as getCart. */
export async function saveCart(userId: string, lines: CartLine[]): Promise<SavedCart> {
  const saved = lines.length
    ? normaliseLines(lines, await listedProducts(goodsLines(lines).map((line) => line.id)))
    : [];
  await carts.put({ userId, lines: saved });
  return { cart: { cart: saved } };
}
