import { CURRENCY } from '#shared/money';
import { shownImage } from '#shared/images';
import { MESSAGES } from '#shared/messages';
import { discountAndShippingShares } from '#shared/shares';
import { TAX_CODES, taxCodeOf } from '#shared/tax-codes';
import type { ShippingAddress } from '#shared/schemas/address';
import type * as z from '#shared/schemas/zod';
import type { quotePaymentSchema } from '#shared/schemas/quotes';
import type { CheckoutLine } from '../../db/entities/checkout';
import { products } from '../../db/entities/product';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { currentCorrelationId } from '../../lib/logger';
import {
  CHECKOUT_RULES,
  finishedCheckoutError,
  getCheckout,
  minutesFrom,
  saveCheckout,
  type Checkout,
} from '../checkout/checkouts';
import { recordOrder } from '../checkout/orders';
import { paymentProvider } from '../money/payments';
import { OutOfStockError, readCells } from '../stock/counts';
import { stockCell } from '#shared/sizes';
import { taxFor } from '../money/tax';
import { orderOfPayment } from '../orders/identity';
import { publicOrder } from '../orders/view';
import { cancelOfferPayment } from './offer-payment';
import { offerCheckoutId, offerRefusal, quoteByLink, type Quote } from './quotes';

/**
 * The lines of an offer as checkout lines: a line naming a stocked product and size draws on its stock count (and is
 * shown with the product's photo); any other line (printing, design work) draws on nothing.
 */
async function offerLines(quote: Quote): Promise<CheckoutLine[]> {
  const offer = quote.offer!;
  const ids = [...new Set(offer.lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const byId = new Map((await products.getMany(ids.map((id) => ({ id })))).map((product) => [product.id, product]));
  const lines: CheckoutLine[] = [];
  const gone: string[] = [];
  offer.lines.forEach((line, index) => {
    const product = line.productId ? byId.get(line.productId) : undefined;
    if (line.productId && (!product || product.status !== 'listed' || !line.size)) {
      gone.push(line.description);
      return;
    }
    lines.push({
      id: product?.id ?? `quote-${quote.number}-${index + 1}`,
      name: line.description,
      image: product ? shownImage(product.image, product.photos) : '',
      price: line.unitPrice,
      size: product ? line.size! : 'CANDLE',
      quantity: line.quantity,
      // The tax rule's code (decision 0114): a stocked product's own, design work a service, other goods tangible.
      taxCode: product ? taxCodeOf(product.tag) : line.kind === 'design' ? TAX_CODES.services : TAX_CODES.general,
      cell: product ? stockCell(product, line.size!) : null,
    });
  });
  if (gone.length) throw new OutOfStockError(gone);
  // Reads only, as the cart's card step: the units are taken with the money held, in the take.
  const need: Record<string, number> = {};
  for (const line of lines) if (line.cell) need[line.cell] = (need[line.cell] ?? 0) + line.quantity;
  const counts = await readCells(Object.keys(need));
  const short = lines.filter((line) => line.cell && counts[line.cell] < need[line.cell]).map((line) => line.name);
  if (short.length) throw new OutOfStockError([...new Set(short)]);
  return lines;
}

/**
 * An offer's amounts and each line's shares (decision 0114): its shipping split onto the lines by their amounts, then
 * the shop's one tax rule by the address (Stripe Tax where the stage turns it on, else the state table, which taxes
 * goods and the shipping of goods, not design work). An offer that ships nothing has no address and no sales tax.
 */
async function priceOffer(lines: CheckoutLine[], shipping: number, address: ShippingAddress | null) {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const split = discountAndShippingShares(lines, { discount: 0, shipping });
  const answer = address
    ? await taxFor({
        address,
        discountOn: 'goods',
        lines: lines.map((line, index) => ({
          reference: `${line.id}|${line.size}|${index + 1}`,
          amount: line.price * line.quantity,
          quantity: line.quantity,
          taxCode: line.taxCode ?? TAX_CODES.general,
          ...split[index],
        })),
      })
    : null;
  const tax = answer?.total ?? 0;
  return {
    amounts: { subtotal, discount: 0, shipping, tax, total: subtotal + shipping + tax },
    lines: lines.map((line, index) => ({
      ...line,
      shares: {
        ...split[index],
        tax: answer?.lines[index].tax ?? 0,
        shippingTax: answer?.lines[index].shippingTax ?? 0,
      },
    })),
    tax: answer,
  };
}

/**
 * POST /api/quotes/{quoteId}/pay: the shopper accepts the current offer. It is priced (tax by the address for what
 * ships; design work none, and no address asked when nothing ships: docs/decisions/0114) and paid through the cart's
 * authorize -> take -> capture path (docs/decisions/0022, 0113): one checkout per offer (`quote-<id>-<offerNo>`), so two
 * tabs, a double click and a retry all confirm the same payment; its take needs the quote to still hold the offer.
 */
export async function payOffer(
  quoteId: string,
  body: { token: string; offerNo: number; shippingAddress?: ShippingAddress },
): Promise<z.infer<typeof quotePaymentSchema>> {
  for (let round = 0; round < 4; round++) {
    const quote = await quoteByLink(quoteId, body.token, cancelOfferPayment);
    const refusal = offerRefusal(quote, body.offerNo);
    if (refusal) throw refusal;
    const offer = quote.offer!;
    if (offer.ships && !body.shippingAddress)
      throw badRequest(MESSAGES.offerNeedsAddress, { shippingAddress: MESSAGES.offerNeedsAddress });
    const address: ShippingAddress =
      offer.ships && body.shippingAddress
        ? body.shippingAddress
        : { name: quote.name, email: quote.email, line1: '', city: '', state: '', zip: '' };
    const priced = await priceOffer(await offerLines(quote), offer.shipping, offer.ships ? address : null);
    const { amounts, lines } = priced;
    const checkoutId = offerCheckoutId(quoteId, offer.no);
    const existing = await getCheckout(checkoutId);
    if (existing && existing.state !== 'open') {
      if (existing.state === 'taken' || existing.state === 'captured')
        throw new HttpError(409, 'offer_paid', MESSAGES.offerPaid);
      throw finishedCheckoutError(existing);
    }
    const provider = await paymentProvider();
    const intent = existing
      ? await provider.updateIntent(existing.intentId, { amount: amounts.total, receiptEmail: address.email })
      : await provider.createIntent({
          amount: amounts.total,
          currency: CURRENCY,
          metadata: { checkoutId, customer: quote.customer },
          receiptEmail: address.email,
          idempotencyKey: `${checkoutId}-${amounts.total}`,
        });
    const now = new Date();
    const correlationId = currentCorrelationId();
    const record: Checkout = {
      checkoutId,
      customer: quote.customer,
      intentId: intent.id,
      state: 'open',
      lines,
      amounts,
      shippingAddress: address,
      ...(priced.tax
        ? {
            taxProvider: priced.tax.provider,
            ...(priced.tax.stripeTaxUnavailable ? { taxFallback: priced.tax.stripeTaxUnavailable } : {}),
            ...(priced.tax.calculationId ? { stripeTax: { calculationId: priced.tax.calculationId } } : {}),
          }
        : {}),
      quote: {
        quoteId,
        number: quote.number,
        offerNo: offer.no,
        ships: offer.ships,
        quoteCreatedAt: quote.createdAt,
      },
      ...(existing?.failedAttempts ? { failedAttempts: existing.failedAttempts } : {}),
      ...(correlationId ? { correlationId } : {}),
      sweepAt: minutesFrom(now, CHECKOUT_RULES.graceMinutes),
      abandonAt: minutesFrom(now, CHECKOUT_RULES.abandonMinutes),
      version: 1,
      createdAt: existing?.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    };
    // Two tabs at once: one writes the checkout, the other reads it again and confirms the same payment.
    if (!(await saveCheckout(record, existing))) continue;
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amounts, paymentMode: provider.mode };
  }
  throw conflict('Your payment changed in another window. Please try again.');
}

/**
 * POST /api/quotes/{quoteId}/record: after the card is confirmed, the offer's one order (recordOrder: the webhook and
 * the settle job arrive at the same order). Only for a payment of this quote: anything else is 404, as an unknown
 * link is.
 */
export async function recordOfferOrder(quoteId: string, token: string, intentId: string) {
  await quoteByLink(quoteId, token, cancelOfferPayment);
  const ofThisQuote = (checkoutId: string | undefined) => Boolean(checkoutId?.startsWith(`quote-${quoteId}-`));
  const existing = await orderOfPayment(intentId);
  if (existing ? existing.quote?.quoteId !== quoteId : false) throw notFound('No such payment.');
  if (!existing) {
    const intent = await (await paymentProvider()).retrieveIntent(intentId);
    if (!intent || !ofThisQuote(intent.metadata.checkoutId)) throw notFound('No such payment.');
  }
  const { order, created } = await recordOrder(intentId, { kind: 'quote' });
  return { order: publicOrder(order), created };
}
