import { amountsBeforeTax, type Amounts, type CartSales } from '#shared/money';
import type { PromoTerms } from '#shared/promo';
import { hasShipTo, type OrderAddress } from '#shared/order-address';
import { isGiftCardLine } from '#shared/gift-card-lines';
import { discountShares, type LineShares } from '#shared/shares';
import { readEnv } from '../../../lib/env';
import { logger } from '../../../lib/logger';
import { stripeApi, stripeKeys } from '../payments';
import { StripeTaxUnavailable, type TaxAnswer, type TaxQuestion } from './provider';
import type { StripeTaxProvider } from './stripe-tax';
import { TableTaxProvider } from './table';

const table = new TableTaxProvider();
let cached: { key: string; provider: StripeTaxProvider } | undefined;

/**
 * Stripe Tax with this function's Stripe keys (the payments' keys), or null when there are none. `forNewCheckouts`:
 * only when the stage turns it on (STRIPE_TAX=on); an order Stripe Tax priced records and reverses its transaction
 * even after the stage turned it off.
 */
export async function stripeTaxProvider(options: { forNewCheckouts: boolean }): Promise<StripeTaxProvider | null> {
  if (options.forNewCheckouts && readEnv().STRIPE_TAX !== 'on') return null;
  const keys = await stripeKeys();
  if (!keys?.secretKey) return null;
  const key = `${keys.secretKey}|${readEnv().STRIPE_API_BASE ?? ''}`;
  if (cached?.key !== key) {
    // Imported where the Stripe Tax path starts, so only the functions that call it carry the `stripe` package.
    const { StripeTaxProvider } = await import('./stripe-tax');
    cached = { key, provider: new StripeTaxProvider(keys.secretKey, stripeApi()) };
  }
  return cached.provider;
}

/**
 * The tax of a checkout (docs/decisions/0108): Stripe Tax when the stage turns it on, the shop's table otherwise; when
 * Stripe Tax does not answer (an error, or nothing within STRIPE_TAX_TIMEOUT_MS) the table, and the order says so.
 */
export async function taxFor(question: TaxQuestion): Promise<TaxAnswer> {
  const stripe = await stripeTaxProvider({ forNewCheckouts: true });
  if (!stripe) return table.calculate(question);
  try {
    return await stripe.calculate(question);
  } catch (error) {
    logger.warn('Stripe Tax did not answer; the tax is priced by the table', { error: error as Error });
    const reason = error instanceof StripeTaxUnavailable ? error.message : 'Stripe Tax did not answer.';
    return { ...(await table.calculate(question)), stripeTaxUnavailable: reason.slice(0, 300) };
  }
}

/** The address goods are taxed by: a checkout with goods always has one (its body's schema requires it). */
function shipTo(address: OrderAddress): TaxQuestion['address'] {
  if (!hasShipTo(address)) throw new Error('Goods are taxed by a shipping address, and this checkout has none.');
  return address;
}

/** What the tax is computed from on a line: its product and size, price, quantity and tax code (shared/tax-codes.ts). */
export interface CodedLine {
  id: string;
  size: string;
  price: number;
  quantity: number;
  taxCode: string;
}

/** A line as the checkout keeps it: priced, with its shares of the amounts. */
export type SharedLine<Line extends CodedLine> = Line & { shares: LineShares };

/**
 * Prices a checkout whole (issue 35): the amounts before tax, each line's share of the discount and the shipping
 * (shared/shares.ts), the tax of the tax provider with each line's part of it, and the total. With the table and
 * every line and the shipping taxed the tax is the spec's round((subtotal - discount + 599) x rate). Gift cards
 * (docs/decisions/0127) take no discount, ship nothing and are not taxed: the tax provider is asked about the goods
 * only (a cart of gift cards only asks it nothing, and has no address: its tax is 0), and a gift card's shares are
 * all 0.
 */
export async function priceWithTax<Line extends CodedLine>(
  lines: readonly Line[],
  address: OrderAddress,
  promo?: (Pick<PromoTerms, 'kind' | 'value'> & { code?: string; combinesWithSales?: boolean }) | null,
  /** The chosen shipping rate's price, priced by the server (../shipping); missing: the flat rate. */
  shippingCents?: number,
  /** The sales on (../pricing.ts priceCart's `sales`); none for a quote's offer. */
  sales?: CartSales,
): Promise<{
  amounts: Amounts;
  lines: SharedLine<Line>[];
  tax: Omit<TaxAnswer, 'total' | 'lines'>;
  plan: ReturnType<typeof amountsBeforeTax>['plan'];
}> {
  const { discountOn, plan, ...before } = amountsBeforeTax(lines, promo, shippingCents, sales);
  // Each line's discount: its product discount, its share of the order's (sale and code), and of a free-shipping code's
  // (the same split as its shipping: shared/shares.ts discountShares).
  const shared = discountShares(lines, { ...plan, shipping: before.shipping });
  const split = shared.map(({ discount, shipping }) => ({ discount, shipping }));
  // A free-shipping code beside a sale (shared/sales.ts): the tax reads the goods' discount, and the shipping as free.
  const mixed = plan.shippingOff > 0 && plan.goodsOff > 0;
  const asked = shared.map((share) =>
    mixed
      ? { discount: share.discount - share.shippingOff, shipping: share.shipping - share.shippingOff }
      : { discount: share.discount, shipping: share.shipping },
  );
  const goods = lines.flatMap((line, index) => (isGiftCardLine(line) ? [] : [{ line, index }]));
  // Nothing to tax (gift cards only): no address is needed, and none was asked for (issue 50 item 9).
  const answer: TaxAnswer = goods.length
    ? await taxFor({
        address: shipTo(address),
        discountOn,
        lines: goods.map(({ line, index }) => ({
          reference: `${line.id}|${line.size}`,
          amount: line.price * line.quantity,
          quantity: line.quantity,
          taxCode: line.taxCode,
          ...asked[index],
        })),
      })
    : { provider: table.name, total: 0, lines: [] };
  const taxed = lines.map(() => ({ tax: 0, shippingTax: 0 }));
  goods.forEach(({ index }, at) => (taxed[index] = answer.lines[at]));
  const amounts: Amounts = {
    ...before,
    tax: answer.total,
    total: before.subtotal - before.discount + before.shipping + answer.total,
  };
  return {
    amounts,
    lines: lines.map((line, index) => ({ ...line, shares: { ...split[index], ...taxed[index] } })),
    plan,
    tax: {
      provider: answer.provider,
      ...(answer.calculationId ? { calculationId: answer.calculationId } : {}),
      ...(answer.stripeTaxUnavailable ? { stripeTaxUnavailable: answer.stripeTaxUnavailable } : {}),
    },
  };
}
