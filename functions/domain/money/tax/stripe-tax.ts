import type Stripe from 'stripe';
import { CURRENCY } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { splitCents } from '#shared/shares';
import { SHIPPING_TAX_CODE } from '#shared/tax-codes';
import { toStateCode } from '#shared/tax';
import { StripeTaxUnavailable, type TaxAnswer, type TaxProvider, type TaxQuestion } from './provider';
import { stripeSdk } from '../../../lib/stripe-sdk';

export { StripeTaxUnavailable };

/**
 * How long the card step waits for Stripe Tax before it prices the tax with the table (docs/decisions/0108): a few
 * seconds, once, no retry; a shopper pressing Next is waiting.
 */
export const STRIPE_TAX_TIMEOUT_MS = 3000;

/** A transaction recorded from a calculation: its id and its line items' ids by line reference. */
export interface RecordedTransaction {
  id: string;
  lineItems: Record<string, string>;
}

/**
 * Stripe Tax (https://docs.stripe.com/tax/custom): at the card step a calculation by the shipping address (line items
 * with their amount after their discount, quantity, reference and tax code; the shipping and handling charge; tax
 * exclusive of the prices), and after the capture a tax transaction made from that calculation, which Stripe reports
 * and files, and which a refund reverses, through the `stripe` package (../../../lib/stripe-sdk.ts).
 */
export class StripeTaxProvider implements TaxProvider {
  readonly name = 'stripe_tax' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string, options: Stripe.StripeConfig = {}) {
    this.stripe = stripeSdk(secretKey, options);
  }

  async calculate(question: TaxQuestion): Promise<TaxAnswer> {
    const { address } = question;
    const goods = question.lines.map((line) => line.amount - (question.discountOn === 'goods' ? line.discount : 0));
    const shipping = question.lines.map(
      (line) => line.shipping - (question.discountOn === 'shipping' ? line.discount : 0),
    );
    const shippingTotal = shipping.reduce((sum, cents) => sum + cents, 0);
    const { stripe } = this;
    let calculation: Stripe.Tax.Calculation;
    try {
      calculation = await stripe.tax.calculations.create(
        {
          currency: CURRENCY,
          line_items: question.lines.map((line, index) => ({
            amount: goods[index],
            quantity: line.quantity,
            reference: line.reference,
            tax_code: line.taxCode,
            tax_behavior: 'exclusive',
          })),
          // Free shipping (a code) is no charge to tax.
          ...(shippingTotal > 0
            ? { shipping_cost: { amount: shippingTotal, tax_code: SHIPPING_TAX_CODE, tax_behavior: 'exclusive' } }
            : {}),
          customer_details: {
            address: {
              line1: unescapeText(address.line1),
              city: unescapeText(address.city),
              state: toStateCode(address.state) ?? address.state,
              postal_code: address.zip,
              country: 'US',
            },
            address_source: 'shipping',
          },
          expand: ['line_items'],
        },
        { timeout: STRIPE_TAX_TIMEOUT_MS, maxNetworkRetries: 0 },
      );
    } catch (error) {
      throw new StripeTaxUnavailable((error as Error).message || 'Stripe Tax did not answer.');
    }
    if (!calculation.id) throw new StripeTaxUnavailable('Stripe Tax answered a calculation without an id.');
    const items =
      calculation.line_items && !calculation.line_items.has_more
        ? calculation.line_items.data
        : await stripe.tax.calculations
            .listLineItems(calculation.id, { limit: 100 }, { timeout: STRIPE_TAX_TIMEOUT_MS, maxNetworkRetries: 0 })
            .autoPagingToArray({ limit: 10_000 })
            .catch((error: Error) => {
              throw new StripeTaxUnavailable(error.message);
            });
    const byReference = new Map(items.map((item) => [item.reference, item]));
    const lineTax = question.lines.map((line, index) => {
      const item = byReference.get(line.reference);
      if (!item || item.amount !== goods[index])
        throw new StripeTaxUnavailable(`Stripe Tax's calculation does not match line ${line.reference}.`);
      return item.amount_tax;
    });
    // Shipping's tax onto the lines: by their shares of the shipping, among the lines whose goods were taxed (the
    // shipping of exempt goods is what a state leaves untaxed); all lines when none were.
    const shippingTax = calculation.shipping_cost?.amount_tax ?? 0;
    const taxedShipping = shipping.map((cents, index) => (lineTax[index] > 0 ? cents : 0));
    const onLines = splitCents(shippingTax, taxedShipping.some((cents) => cents > 0) ? taxedShipping : shipping);
    const total = lineTax.reduce((sum, cents) => sum + cents, 0) + shippingTax;
    if (total !== calculation.tax_amount_exclusive || calculation.tax_amount_inclusive !== 0)
      throw new StripeTaxUnavailable(`Stripe Tax's totals do not add up (${calculation.id}).`);
    return {
      provider: this.name,
      total,
      lines: lineTax.map((tax, index) => ({ tax: tax + onLines[index], shippingTax: onLines[index] })),
      calculationId: calculation.id,
    };
  }

  /**
   * Records the sale of a captured order from its calculation (`reference`: unique among the Stripe account's
   * transactions, transaction.ts taxReference). The same idempotency key gives the same transaction; Stripe saves an error answer under its key
   * too, so a retry after one uses the next `attempt`.
   */
  async recordTransaction(calculationId: string, reference: string, attempt: number): Promise<RecordedTransaction> {
    const { stripe } = this;
    const transaction = await stripe.tax.transactions.createFromCalculation(
      { calculation: calculationId, reference, expand: ['line_items'] },
      { idempotencyKey: `tax-transaction-${reference}-${attempt}` },
    );
    const items =
      transaction.line_items && !transaction.line_items.has_more
        ? transaction.line_items.data
        : await stripe.tax.transactions
            .listLineItems(transaction.id, { limit: 100 })
            .autoPagingToArray({ limit: 10_000 });
    return { id: transaction.id, lineItems: Object.fromEntries(items.map((item) => [item.reference, item.id])) };
  }

  /**
   * Reverses a recorded transaction in whole (a cancelled order whose payment was captured: the sale is taken off the
   * tax return). `reference` is the reversal's own, unique among the shop's transactions; the same idempotency key
   * gives the same reversal.
   */
  async reverseTransaction(transactionId: string, reference: string, attempt: number): Promise<{ id: string }> {
    const { stripe } = this;
    const reversal = await stripe.tax.transactions.createReversal(
      { mode: 'full', original_transaction: transactionId, reference },
      { idempotencyKey: `tax-reversal-${reference}-${attempt}` },
    );
    return { id: reversal.id };
  }

  /**
   * Reverses a recorded transaction in part (a refund of some lines and perhaps the shipping, decision 0116): each line
   * item named by its id in the transaction, with the (positive) cents of its amount and tax that come off, and the
   * shipping's. `reference` is the reversal's own; the same idempotency key gives the same reversal.
   */
  async reverseInPart(
    transactionId: string,
    reference: string,
    parts: {
      lines: { lineItem: string; reference: string; quantity: number; amount: number; tax: number }[];
      shipping: { amount: number; tax: number } | null;
    },
    attempt: number,
  ): Promise<{ id: string }> {
    const { stripe } = this;
    const reversal = await stripe.tax.transactions.createReversal(
      {
        mode: 'partial',
        original_transaction: transactionId,
        reference,
        line_items: parts.lines.map((line) => ({
          original_line_item: line.lineItem,
          reference: line.reference,
          quantity: line.quantity,
          amount: 0 - line.amount,
          amount_tax: 0 - line.tax,
        })),
        ...(parts.shipping
          ? { shipping_cost: { amount: 0 - parts.shipping.amount, amount_tax: 0 - parts.shipping.tax } }
          : {}),
      },
      { idempotencyKey: `tax-reversal-${reference}-${attempt}` },
    );
    return { id: reversal.id };
  }
}
