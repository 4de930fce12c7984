import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A Stripe API stand-in for tests (the live API cannot be reached here): the PaymentIntents and Refunds calls
 * the shop makes, over Stripe's form-encoded HTTP API, with the documented object shapes, manual-capture states,
 * idempotency keys and error bodies (https://docs.stripe.com/api/payment_intents, /api/errors). The Stripe SDK
 * talks to it through STRIPE_API_BASE. What Stripe.js and the bank do (authorize, decline, expire) are helpers.
 *
 * Stripe Tax (https://docs.stripe.com/api/tax/calculations, /api/tax/transactions): calculations (line items with
 * amount, quantity, reference, tax code and tax behavior; a shipping cost; the customer's address) priced by the
 * rates a test gives per postal code (`taxRates`), line items only when expanded as Stripe answers them,
 * transactions made from a calculation and reversals of them (in full, or in part by line items and shipping), each
 * reference used once among all of them, never more reversed than was recorded.
 */
export interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'manual' | 'automatic' | 'automatic_async';
  /**
   * The methods the Payment Element may offer, from `allowed_payment_method_types` (Stripe's default when none are
   * named: the dashboard's; here card).
   */
  payment_method_types: string[];
  client_secret: string;
  currency: string;
  metadata: Record<string, string>;
  description: string | null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  /** The payment method Stripe.js confirmed with (`pm_...`), once one was. */
  payment_method: string | null;
  /** While Stripe.js runs 3-D Secure (a card's, or Link's): Stripe's own step, in Stripe.js's dialog. */
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: Record<string, unknown> } | null;
  cancellation_reason: string | null;
  receipt_email: string | null;
  livemode: false;
  created: number;
}

/** What Stripe Tax charges at one postal code, as rates (0.08875 = 8.875%) per product tax code. */
export interface StandInTaxRates {
  /** The rate of every code not named in `codes` (general tangible goods). */
  rate: number;
  /** Rates of particular tax codes (clothing exempt: 0; a shipping code not taxed: 0). */
  codes?: Record<string, number>;
  state: string;
}

export interface StripeTaxLineItem {
  id: string;
  object: 'tax.calculation_line_item' | 'tax.transaction_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string> | null;
  product: string | null;
  quantity: number;
  reference: string;
  tax_behavior: 'exclusive' | 'inclusive';
  tax_breakdown?: unknown[];
  tax_code: string;
  /** On a reversal's line item: the line item it reverses. */
  reversal?: { original_line_item: string } | null;
  type?: 'transaction' | 'reversal';
}

export interface StripeTaxCalculation {
  id: string;
  object: 'tax.calculation';
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: {
    address: Record<string, string | null>;
    address_source: string | null;
    ip_address: null;
    tax_ids: [];
    taxability_override: 'none';
  };
  expires_at: number;
  livemode: false;
  ship_from_details: null;
  shipping_cost: {
    amount: number;
    amount_tax: number;
    tax_behavior: 'exclusive' | 'inclusive';
    tax_code: string;
  } | null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: number;
  tax_breakdown: unknown[];
  tax_date: number;
}

export interface StripeTaxTransaction {
  id: string;
  object: 'tax.transaction';
  created: number;
  currency: string;
  customer: null;
  customer_details: StripeTaxCalculation['customer_details'];
  livemode: false;
  metadata: Record<string, string>;
  posted_at: number;
  reference: string;
  /** On a reversal: the transaction it reverses. */
  reversal: { original_transaction: string } | null;
  ship_from_details: null;
  shipping_cost: StripeTaxCalculation['shipping_cost'];
  tax_date: number;
  type: 'transaction' | 'reversal';
}

export interface StripeStandIn {
  base: string;
  intents: Map<string, StripeIntent>;
  refunds: { id: string; payment_intent: string; amount: number; status: 'succeeded' }[];
  /** Every API call: method, path, idempotency key and the form it sent (parsed). */
  calls: { method: string; path: string; idempotencyKey?: string; form: Record<string, unknown> }[];
  /** Stripe Tax's rates by postal code (a test sets them); an address elsewhere is not taxed ("not_collecting"). */
  taxRates: Map<string, StandInTaxRates>;
  /** Calculations made, with their line items; transactions (and reversals) recorded, with theirs. */
  taxCalculations: Map<string, { calculation: StripeTaxCalculation; lineItems: StripeTaxLineItem[] }>;
  taxTransactions: Map<string, { transaction: StripeTaxTransaction; lineItems: StripeTaxLineItem[] }>;
  /** The next `count` calls whose path ends with `suffix` get no answer until the stand-in stops (a timeout). */
  hangNext(suffix: string, count?: number): void;
  /**
   * Stripe.js confirmed a good card: the amount is authorized (manual capture). `method` is what paid: a card typed
   * in the Payment Element (the default), a wallet's card (Apple Pay, Google Pay: `card` with `card.wallet.type`), or
   * Link; GET /v1/payment_methods/{id} answers it as Stripe does.
   */
  authorize(id: string, method?: StandInMethod): StripeIntent;
  /** Stripe.js confirmed a declined card (or a wallet's declined card): the intent waits for another one. */
  decline(id: string, method?: StandInMethod): StripeIntent;
  /**
   * Stripe.js confirmed with a method that asks for 3-D Secure (a card, or Link's card): the intent is
   * `requires_action` until the shopper answers in Stripe's dialog (then `authorize`).
   */
  requireAction(id: string, method?: StandInMethod): StripeIntent;
  /** Payment methods Stripe.js made, by id. */
  paymentMethods: Map<string, StandInPaymentMethod>;
  /** The authorization expired (7 days) or was cancelled outside the shop. */
  expire(id: string): StripeIntent;
  /** The next `count` calls whose path ends with `suffix` answer 500 (Stripe's api_error), without retries. */
  failNext(suffix: string, count?: number): void;
  /** A webhook event body for an intent as it is now. */
  event(type: string, intentId: string, eventId?: string): string;
  stop(): Promise<void>;
}

/** What paid, as the Payment Element or the Express Checkout Element confirms it. */
export type StandInMethod = 'card' | 'apple_pay' | 'google_pay' | 'link';

/** A payment method as GET /v1/payment_methods/{id} answers it (the fields the shop could read). */
export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card' | 'link';
  card?: { brand: 'visa'; last4: string; wallet: { type: 'apple_pay' | 'google_pay' } | null };
  link?: { email: string };
  livemode: false;
}

/** Stripe's form encoding (a[b]=c) back into objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.slice(0, -1).forEach((part) => (node = (node[part] ??= {}) as Record<string, unknown>));
    node[path.at(-1)!] = value;
  }
  return out;
}

const invalid = (message: string, param?: string, code?: string) => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } },
});
/** Stripe's 404 for an id it does not know: `No such <what>` (and the parameter that named it, when one did). */
const missing = (what: string, param?: string) => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}`,
      ...(param ? { param } : {}),
    },
  },
});

/** A form list (`a[0][b]=..`, parsed as {0: {...}, 1: {...}}) as an array, in index order. */
const listOf = (value: unknown): Record<string, string | undefined>[] =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, Record<string, string | undefined>>)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, item]) => item)
    : [];

const unexpectedState = (intent: StripeIntent, action: string) => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      payment_intent: intent,
    },
  },
});

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StripeIntent>();
  const refunds: StripeStandIn['refunds'] = [];
  const calls: StripeStandIn['calls'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: { suffix: string; count: number }[] = [];
  const hangs: { suffix: string; count: number }[] = [];
  const held: http.ServerResponse[] = [];
  const taxRates: StripeStandIn['taxRates'] = new Map();
  const taxCalculations: StripeStandIn['taxCalculations'] = new Map();
  const taxTransactions: StripeStandIn['taxTransactions'] = new Map();
  const fullyReversed = new Set<string>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  /** Stripe includes an expandable list only when asked (`expand[]=line_items`). */
  const expanded = (form: Record<string, unknown>, field: string) =>
    Object.values((form.expand as Record<string, string>) ?? {}).includes(field);
  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });

  /** POST /v1/tax/calculations: each line and the shipping taxed at the rates of the address's postal code. */
  function calculate(form: Record<string, unknown>): { status: number; body: unknown } {
    if (form.currency !== 'usd') return invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const items = listOf(form.line_items);
    if (!items.length) return invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    const details = (form.customer_details as Record<string, unknown>) ?? {};
    const address = (details.address as Record<string, string>) ?? {};
    if (!address.country)
      return invalid(
        'Missing required param: customer_details[address][country].',
        'customer_details[address][country]',
      );
    if (address.country === 'US' && !/^\d{5}(-\d{4})?$/.test(address.postal_code ?? ''))
      return invalid(
        'The customer address is not valid for tax calculation: postal_code is required for the US.',
        'customer_details[address][postal_code]',
        'customer_tax_location_invalid',
      );
    const references = items.map((item) => item.reference ?? '');
    if (new Set(references).size !== references.length)
      return invalid('Each line item reference must be unique.', 'line_items');
    const rates = taxRates.get(address.postal_code);
    const rateOf = (code: string) => (rates ? (rates.codes?.[code] ?? rates.rate) : 0);
    const breakdown = (amount: number, tax: number, rate: number) => [
      {
        amount: tax,
        jurisdiction: {
          country: 'US',
          display_name: rates?.state ?? address.state ?? '',
          level: 'state',
          state: rates?.state ?? null,
        },
        sourcing: 'destination',
        tax_rate_details: rates
          ? { display_name: 'Sales Tax', percentage_decimal: (rate * 100).toFixed(4), tax_type: 'sales_tax' }
          : null,
        taxability_reason: !rates ? 'not_collecting' : rate === 0 ? 'product_exempt' : 'standard_rated',
        taxable_amount: rate === 0 ? 0 : amount,
      },
    ];
    const lineItems: StripeTaxLineItem[] = [];
    for (const item of items) {
      const amount = Number(item.amount);
      if (!Number.isInteger(amount) || amount < 0) return invalid('Invalid integer: amount.', 'line_items[amount]');
      const code = item.tax_code ?? 'txcd_99999999';
      if (!/^txcd_\d{8}$/.test(code)) return invalid(`Invalid tax code: ${code}.`, 'line_items[tax_code]');
      const rate = rateOf(code);
      const tax = Math.round(amount * rate);
      lineItems.push({
        id: id('tax_li'),
        object: 'tax.calculation_line_item',
        amount,
        amount_tax: tax,
        livemode: false,
        metadata: null,
        product: null,
        quantity: Number(item.quantity ?? 1),
        reference: item.reference ?? '',
        tax_behavior: item.tax_behavior === 'inclusive' ? 'inclusive' : 'exclusive',
        tax_breakdown: breakdown(amount, tax, rate),
        tax_code: code,
      });
    }
    const shippingForm = form.shipping_cost as Record<string, string> | undefined;
    let shipping: StripeTaxCalculation['shipping_cost'] = null;
    if (shippingForm) {
      const amount = Number(shippingForm.amount);
      const code = shippingForm.tax_code ?? 'txcd_92010001';
      const tax = Math.round(amount * rateOf(code));
      shipping = {
        amount,
        amount_tax: tax,
        tax_behavior: shippingForm.tax_behavior === 'inclusive' ? 'inclusive' : 'exclusive',
        tax_code: code,
      };
    }
    const exclusive = lineItems.reduce((sum, item) => sum + item.amount_tax, 0) + (shipping?.amount_tax ?? 0);
    const calculation: StripeTaxCalculation = {
      id: id('taxcalc'),
      object: 'tax.calculation',
      amount_total: lineItems.reduce((sum, item) => sum + item.amount, 0) + (shipping?.amount ?? 0) + exclusive,
      currency: 'usd',
      customer: null,
      customer_details: {
        address: {
          city: address.city ?? null,
          country: address.country,
          line1: address.line1 ?? null,
          line2: null,
          postal_code: address.postal_code ?? null,
          state: address.state ?? null,
        },
        address_source: (details.address_source as string) ?? null,
        ip_address: null,
        tax_ids: [],
        taxability_override: 'none',
      },
      expires_at: now() + 90 * 24 * 3600,
      livemode: false,
      ship_from_details: null,
      shipping_cost: shipping,
      tax_amount_exclusive: exclusive,
      tax_amount_inclusive: 0,
      tax_breakdown: [],
      tax_date: now(),
    };
    taxCalculations.set(calculation.id, { calculation, lineItems });
    return {
      status: 200,
      body: {
        ...calculation,
        ...(expanded(form, 'line_items')
          ? { line_items: list(`/v1/tax/calculations/${calculation.id}/line_items`, lineItems) }
          : {}),
      },
    };
  }

  /** A tax transaction's reference is required, and unique among all transactions (reversals included). */
  function referenceRefused(reference: string): { status: number; body: unknown } | undefined {
    if (!reference) return invalid('Missing required param: reference.', 'reference', 'parameter_missing');
    if ([...taxTransactions.values()].some((t) => t.transaction.reference === reference))
      return invalid(`A transaction with reference '${reference}' already exists.`, 'reference');
    return undefined;
  }

  /** POST /v1/tax/transactions/create_from_calculation: the sale recorded for the tax return, once per reference. */
  function recordTransaction(form: Record<string, unknown>): { status: number; body: unknown } {
    const made = taxCalculations.get(typeof form.calculation === 'string' ? form.calculation : '');
    if (!made) return missing(`tax calculation: '${String(form.calculation)}'`, 'calculation');
    const reference = typeof form.reference === 'string' ? form.reference : '';
    const refused = referenceRefused(reference);
    if (refused) return refused;
    if (made.calculation.expires_at < now()) return invalid('The tax calculation has expired.', 'calculation');
    const transaction: StripeTaxTransaction = {
      id: id('tax'),
      object: 'tax.transaction',
      created: now(),
      currency: made.calculation.currency,
      customer: null,
      customer_details: made.calculation.customer_details,
      livemode: false,
      metadata: {},
      posted_at: now(),
      reference,
      reversal: null,
      ship_from_details: null,
      shipping_cost: made.calculation.shipping_cost,
      tax_date: made.calculation.tax_date,
      type: 'transaction',
    };
    const lineItems = made.lineItems.map((item) => ({
      ...item,
      id: id('tax_li'),
      object: 'tax.transaction_line_item' as const,
      reversal: null,
      type: 'transaction' as const,
    }));
    taxTransactions.set(transaction.id, { transaction, lineItems });
    return {
      status: 200,
      body: {
        ...transaction,
        ...(expanded(form, 'line_items')
          ? { line_items: list(`/v1/tax/transactions/${transaction.id}/line_items`, lineItems) }
          : {}),
      },
    };
  }

  /**
   * POST /v1/tax/transactions/create_reversal: `mode=full` reverses what is left of the original; `mode=partial` the
   * line items (`original_line_item`, negative `amount` and `amount_tax`) and shipping it names. Never more than was
   * recorded less what was reversed already; the reference is unique among all transactions.
   */
  function reverseTransaction(form: Record<string, unknown>): { status: number; body: unknown } {
    const original = taxTransactions.get(
      typeof form.original_transaction === 'string' ? form.original_transaction : '',
    );
    if (!original || original.transaction.type !== 'transaction')
      return missing(`tax transaction: '${String(form.original_transaction)}'`, 'original_transaction');
    const reference = typeof form.reference === 'string' ? form.reference : '';
    const refused = referenceRefused(reference);
    if (refused) return refused;
    if (form.mode !== 'full' && form.mode !== 'partial') return invalid('Invalid mode.', 'mode');
    const reversals = [...taxTransactions.values()].filter(
      (t) => t.transaction.reversal?.original_transaction === original.transaction.id,
    );
    // What is left of each original line item and of the shipping (amounts as positive cents).
    const left = new Map(
      original.lineItems.map((item) => [item.id, { amount: item.amount, amount_tax: item.amount_tax }]),
    );
    for (const reversal of reversals)
      for (const item of reversal.lineItems) {
        const rest = left.get((item.reversal as { original_line_item: string } | null)?.original_line_item ?? '');
        if (rest)
          Object.assign(rest, { amount: rest.amount + item.amount, amount_tax: rest.amount_tax + item.amount_tax });
      }
    const shippingLeft = { amount: original.transaction.shipping_cost?.amount ?? 0, tax: 0 };
    shippingLeft.tax = original.transaction.shipping_cost?.amount_tax ?? 0;
    for (const reversal of reversals) {
      shippingLeft.amount += reversal.transaction.shipping_cost?.amount ?? 0;
      shippingLeft.tax += reversal.transaction.shipping_cost?.amount_tax ?? 0;
    }
    // `0 - x`, not `-x`: a line with no tax reverses 0, never -0.
    const wanted =
      form.mode === 'full'
        ? original.lineItems.map((item) => ({
            original: item,
            reference: item.reference,
            amount: 0 - left.get(item.id)!.amount,
            amount_tax: 0 - left.get(item.id)!.amount_tax,
            quantity: item.quantity,
          }))
        : listOf(form.line_items).map((entry) => ({
            original: original.lineItems.find((item) => item.id === entry.original_line_item),
            reference: entry.reference ?? '',
            amount: Number(entry.amount),
            amount_tax: Number(entry.amount_tax),
            quantity: Number(entry.quantity ?? 1),
          }));
    if (form.mode === 'full' && fullyReversed.has(original.transaction.id))
      return invalid('This transaction has already been fully reversed.', 'original_transaction');
    for (const entry of wanted) {
      if (!entry.original) return invalid('No such original line item.', 'line_items[original_line_item]');
      const rest = left.get(entry.original.id)!;
      if (
        !Number.isInteger(entry.amount) ||
        !Number.isInteger(entry.amount_tax) ||
        entry.amount > 0 ||
        entry.amount_tax > 0
      )
        return invalid('Reversal amounts must be negative integers.', 'line_items[amount]');
      if (-entry.amount > rest.amount || -entry.amount_tax > rest.amount_tax)
        return invalid('The reversal is more than what is left of the line item.', 'line_items[amount]');
    }
    const shippingForm = form.shipping_cost as Record<string, string> | undefined;
    const shipping =
      form.mode === 'full'
        ? { amount: 0 - shippingLeft.amount, tax: 0 - shippingLeft.tax }
        : { amount: Number(shippingForm?.amount ?? 0), tax: Number(shippingForm?.amount_tax ?? 0) };
    if (-shipping.amount > shippingLeft.amount || -shipping.tax > shippingLeft.tax || shipping.amount > 0)
      return invalid('The reversal is more than what is left of the shipping.', 'shipping_cost[amount]');
    const transaction: StripeTaxTransaction = {
      ...original.transaction,
      id: id('tax'),
      created: now(),
      metadata: (form.metadata as Record<string, string>) ?? {},
      posted_at: now(),
      reference,
      reversal: { original_transaction: original.transaction.id },
      shipping_cost: original.transaction.shipping_cost
        ? { ...original.transaction.shipping_cost, amount: shipping.amount, amount_tax: shipping.tax }
        : null,
      type: 'reversal',
    };
    const lineItems = wanted.map((entry) => ({
      ...entry.original!,
      id: id('tax_li'),
      amount: entry.amount,
      amount_tax: entry.amount_tax,
      quantity: entry.quantity,
      reference: entry.reference,
      reversal: { original_line_item: entry.original!.id },
      type: 'reversal' as const,
    }));
    taxTransactions.set(transaction.id, { transaction, lineItems });
    if (form.mode === 'full') fullyReversed.add(original.transaction.id);
    return {
      status: 200,
      body: {
        ...transaction,
        ...(expanded(form, 'line_items')
          ? { line_items: list(`/v1/tax/transactions/${transaction.id}/line_items`, lineItems) }
          : {}),
      },
    };
  }

  const paymentMethods = new Map<string, StandInPaymentMethod>();
  /**
   * The payment method Stripe.js makes when it confirms: Link only where the intent allows it (Stripe refuses a method
   * outside `payment_method_types`); a wallet's is a card with its wallet named.
   */
  function methodFor(intent: StripeIntent, method: StandInMethod, last4: string): string {
    const type = method === 'link' ? 'link' : 'card';
    if (!intent.payment_method_types.includes(type))
      throw new Error(`${type} is not among this intent's methods (${intent.payment_method_types.join(', ')})`);
    const paymentMethod: StandInPaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type,
      ...(type === 'card'
        ? {
            card: {
              brand: 'visa',
              last4,
              wallet: method === 'apple_pay' || method === 'google_pay' ? { type: method } : null,
            },
          }
        : { link: { email: intent.receipt_email ?? 'link@example.com' } }),
      livemode: false,
    };
    paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod.id;
  }

  function handle(method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/tax/calculations') return calculate(form);
    if (method === 'POST' && path === '/v1/tax/transactions/create_from_calculation') return recordTransaction(form);
    if (method === 'POST' && path === '/v1/tax/transactions/create_reversal') return reverseTransaction(form);
    const taxObject = /^\/v1\/tax\/(calculations|transactions)\/([^/]+)(\/line_items)?$/.exec(path);
    if (method === 'GET' && taxObject) {
      const calculation = taxObject[1] === 'calculations' ? taxCalculations.get(taxObject[2]) : undefined;
      const transaction = taxObject[1] === 'transactions' ? taxTransactions.get(taxObject[2]) : undefined;
      if (taxObject[3] && (calculation ?? transaction))
        return { status: 200, body: list(path, (calculation ?? transaction)!.lineItems) };
      if (transaction) return { status: 200, body: transaction.transaction };
      return missing(`tax ${taxObject[1] === 'calculations' ? 'calculation' : 'transaction'}: '${taxObject[2]}'`);
    }
    const paymentMethod = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && paymentMethod)
      return paymentMethods.has(paymentMethod[1])
        ? { status: 200, body: paymentMethods.get(paymentMethod[1]) }
        : missing(`payment_method: '${paymentMethod[1]}'`, 'payment_method');
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: StripeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        capture_method: (form.capture_method as StripeIntent['capture_method']) ?? 'automatic_async',
        payment_method_types: form.allowed_payment_method_types
          ? Object.values(form.allowed_payment_method_types)
          : ['card'],
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        currency: String(form.currency),
        metadata: (form.metadata as Record<string, string>) ?? {},
        description: (form.description as string) ?? null,
        status: 'requires_payment_method',
        last_payment_error: null,
        payment_method: null,
        next_action: null,
        cancellation_reason: null,
        receipt_email: (form.receipt_email as string) ?? null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return missing('payment_intent');
      if (intent.status !== 'succeeded') return unexpectedState(intent, 'refunded');
      // Refunds by amount (all that is left without one), never more than received less refunded (Stripe's rule).
      const left =
        intent.amount_received -
        refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
      const refusal = (code: string, message: string) => ({
        status: 400,
        body: { error: { type: 'invalid_request_error', code, message, param: 'amount' } },
      });
      if (left <= 0) return refusal('charge_already_refunded', 'Charge has already been refunded.');
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isInteger(amount) || amount <= 0) return refusal('parameter_invalid_integer', 'Invalid integer.');
      if (amount > left)
        return refusal(
          'amount_too_large',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        );
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent.id,
        amount,
        status: 'succeeded' as const,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const intent = match ? intents.get(match[1]) : undefined;
    if (!match)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
      };
    if (!intent) return missing(`payment_intent: '${match[1]}'`);
    if (method === 'GET') return { status: 200, body: intent };
    if (match[2] === 'capture') {
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 });
      return { status: 200, body: intent };
    }
    if (match[2] === 'cancel') {
      if (
        !['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(
          intent.status,
        )
      )
        return unexpectedState(intent, 'canceled');
      Object.assign(intent, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'requested_by_customer' });
      return { status: 200, body: intent };
    }
    // Description and metadata may be changed in every state (the order number after the take); the amount and
    // receipt only before a card is confirmed.
    const labelOnly = Object.keys(form).every((field) => field === 'description' || field === 'metadata');
    if (!labelOnly && !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
      return unexpectedState(intent, 'updated');
    if (typeof form.description === 'string') intent.description = form.description;
    if (form.metadata) intent.metadata = { ...intent.metadata, ...(form.metadata as Record<string, string>) };
    if (form.amount !== undefined) intent.amount = Number(form.amount);
    if (typeof form.receipt_email === 'string') intent.receipt_email = form.receipt_email;
    return { status: 200, body: intent };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const form = parseForm(req.method === 'GET' ? ((req.url ?? '').split('?')[1] ?? '') : body);
      calls.push({ method: req.method ?? 'GET', path, idempotencyKey, form });
      const send = (
        { status, body: payload }: { status: number; body: unknown },
        headers: Record<string, string> = {},
      ) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
        res.end(JSON.stringify(payload));
      };
      const hang = hangs.find((h) => h.count > 0 && path.endsWith(h.suffix));
      if (hang) {
        hang.count--;
        held.push(res);
        return;
      }
      const failure = failures.find((f) => f.count > 0 && path.endsWith(f.suffix));
      let reply: { status: number; body: unknown };
      if (failure) {
        failure.count--;
        reply = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } };
        // Stripe saves the first answer of an idempotency key, 500s included.
        if (idempotencyKey) replies.set(idempotencyKey, reply);
        return send(reply, { 'stripe-should-retry': 'false' });
      }
      if (idempotencyKey && replies.has(idempotencyKey))
        return send(replies.get(idempotencyKey)!, { 'idempotent-replayed': 'true', 'stripe-should-retry': 'false' });
      reply = handle(req.method ?? 'GET', path, form);
      // A copy: later changes of the intent do not change a saved answer.
      if (idempotencyKey && req.method === 'POST') replies.set(idempotencyKey, JSON.parse(JSON.stringify(reply)));
      send(reply, { 'stripe-should-retry': 'false' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const must = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  };
  return {
    base: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    calls,
    taxRates,
    taxCalculations,
    taxTransactions,
    hangNext(suffix, count = 1) {
      hangs.push({ suffix, count });
    },
    paymentMethods,
    authorize(intentId, method = 'card') {
      const intent = must(intentId);
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action')
        throw new Error(`cannot authorize a ${intent.status} intent`);
      return Object.assign(
        intent,
        { payment_method: methodFor(intent, method, '4242'), next_action: null, last_payment_error: null },
        intent.capture_method === 'manual'
          ? { status: 'requires_capture', amount_capturable: intent.amount }
          : { status: 'succeeded', amount_received: intent.amount },
      );
    },
    requireAction(intentId, method = 'card') {
      const intent = must(intentId);
      if (intent.status !== 'requires_payment_method') throw new Error(`cannot confirm a ${intent.status} intent`);
      return Object.assign(intent, {
        status: 'requires_action',
        payment_method: methodFor(intent, method, '3155'),
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      });
    },
    decline(intentId, method = 'card') {
      const intent = must(intentId);
      methodFor(intent, method, '0002');
      return Object.assign(intent, {
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    },
    expire(intentId) {
      return Object.assign(must(intentId), {
        status: 'canceled',
        amount_capturable: 0,
        cancellation_reason: 'automatic',
      });
    },
    failNext(suffix, count = 1) {
      failures.push({ suffix, count });
    },
    event(type, intentId, eventId = id('evt')) {
      return JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: must(intentId) },
      });
    },
    stop: () =>
      new Promise((resolve) => {
        // Answers held back by hangNext end here (the client gave up long ago).
        for (const res of held.splice(0)) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
