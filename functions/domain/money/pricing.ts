import type { CartLine } from '#shared/schemas/cart';
import type { CheckoutLine } from '#shared/schemas/checkout';
import {
  cartLineKey,
  giftCardLine,
  giftCardLineText,
  giftCardProblem,
  GIFT_CARD_WORDS,
  isGiftCardLine,
} from '#shared/gift-card-lines';
import { amountProblem, GIFT_CARD_RULES } from '#shared/gift-cards';
import { MESSAGES } from '#shared/messages';
import { isSize, MAX_QUANTITY, sizeKind, sizesFor, stockCell } from '#shared/sizes';
import { shownImage } from '#shared/images';
import { unescapeText } from '#shared/sanitize';
import { TAX_CODES, taxCodeOf, type ProductTaxCode } from '#shared/tax-codes';
import type { CartSales } from '#shared/money';
import { products } from '../../db/entities/product';
import { liveSales } from './sales';
import { badRequest } from '../../lib/errors';

/** A cart line priced from the stored product (the client's name, image and price are never used). */
export type PricedLine = CartLine & { cell: string | null };
/**
 * A priced line of a cart, with its tax code (from the product's tag: shared/tax-codes.ts; a gift card's is
 * `nontaxable`, and the tax provider is never asked about it).
 */
export type CodedLine = PricedLine & { taxCode: ProductTaxCode | typeof TAX_CODES.nontaxable };

export interface PricedCart {
  lines: CodedLine[];
  /** Lines whose product is missing or no longer listed (by the name the client knew). */
  unavailable: string[];
  /**
   * The sales on at the time priced (issue 54: shared/sales.ts), with the tag of each product they may be on: what the
   * card step, a wallet's sheet and the promo check give without a code (../money/tax priceWithTax). A quote's offer
   * is priced by the owner and never passes them.
   */
  sales: CartSales;
}

/**
 * A gift card's line priced (docs/decisions/0127): its amount and day checked again against now (or only its amount,
 * `pastDays: 'keep'`: a reminder lists the cart as it was), its price its amount; it counts no stock (no cell) and is
 * not taxed (the tax provider is never asked about it: tax/index.ts).
 */
function pricedGiftCard(line: CheckoutLine, options: PriceOptions): CodedLine {
  const card = line.giftCard!;
  const problem =
    options.pastDays === 'keep' ? amountProblem(card.amount) : giftCardProblem(card, options.now ?? new Date());
  if (problem) {
    const message = `${giftCardLineText({ ...card, recipientName: unescapeText(card.recipientName) })}: ${problem}`;
    throw badRequest(message, { cart: message });
  }
  return {
    ...giftCardLine(card),
    cell: null,
    taxCode: TAX_CODES.nontaxable,
  };
}

export interface PriceOptions {
  /** The time gift cards' delivery days are checked against (now). */
  now?: Date;
  /** No sales (a reminder's cart as it was). */
  noSales?: boolean;
  /** `keep`: a gift card whose day has passed is priced as it is (a reminder, a restored cart: the cart says so). */
  pastDays?: 'refuse' | 'keep';
}

/**
 * Merges lines of the same product and size, checks sizes, and prices every line from the table. A gift card is a
 * line of its own (keyed by its details: shared/gift-card-lines.ts), priced at its amount; at most
 * GIFT_CARD_RULES.maxPerOrder of them.
 */
export async function priceCart(cart: readonly CheckoutLine[], options: PriceOptions = {}): Promise<PricedCart> {
  const merged = new Map<string, CheckoutLine>();
  for (const line of cart) {
    const key = cartLineKey(line);
    const quantity = (merged.get(key)?.quantity ?? 0) + line.quantity;
    if (isGiftCardLine(line) && merged.has(key))
      throw badRequest(GIFT_CARD_WORDS.twice, { cart: GIFT_CARD_WORDS.twice });
    if (quantity > MAX_QUANTITY)
      throw badRequest(`At most ${MAX_QUANTITY} of one product and size per order.`, {
        cart: 'Quantity must be a whole number from 1 to 9.',
      });
    merged.set(key, { ...line, quantity });
  }
  if (cart.filter(isGiftCardLine).length > GIFT_CARD_RULES.maxPerOrder)
    throw badRequest(GIFT_CARD_WORDS.tooMany, { cart: GIFT_CARD_WORDS.tooMany });
  const goods = [...merged.values()].filter((line) => !isGiftCardLine(line));
  const ids = [...new Set(goods.map((line) => line.id))];
  const now = options.now ?? new Date();
  const [found, rules] = await Promise.all([
    products.getMany(ids.map((id) => ({ id }))),
    options.noSales || !goods.length ? [] : liveSales(now),
  ]);
  const byId = new Map(found.map((product) => [product.id, product]));
  const lines: CodedLine[] = [];
  const unavailable: string[] = [];
  for (const line of merged.values()) {
    if (isGiftCardLine(line)) {
      lines.push(pricedGiftCard(line, options));
      continue;
    }
    const product = byId.get(line.id);
    if (!product || product.status !== 'listed') {
      unavailable.push(line.name ?? line.id);
      continue;
    }
    const size = line.size;
    if (!isSize(size) || !sizesFor(product.tag).includes(size))
      throw badRequest(MESSAGES.invalidSize, { cart: MESSAGES.invalidSize });
    lines.push({
      id: product.id,
      name: product.name,
      // The JPEG an <img> shows (the stored path names the photo, not a file): what the order's pages show.
      image: shownImage(product.image, product.photos),
      price: product.price,
      size,
      quantity: line.quantity,
      ...(product.stockRef && sizeKind(product.tag) !== 'single' && sizeKind(product.tag) !== 'tumbler'
        ? { stockRef: product.stockRef }
        : {}),
      cell: stockCell(product, size),
      taxCode: taxCodeOf(product.tag),
    });
  }
  const tags = Object.fromEntries(found.map((product) => [product.id, product.tag]));
  return { lines, unavailable, sales: { rules, tags, now } };
}
