import type { Carrier } from './aftersale';
import { CARRIERS } from './aftersale';
import { formatPrice } from './money';
import { rateLabel } from './shipping';

/** A label's rate as the owner reads it: "USPS Ground Advantage". */
export const rateLabelOf = (carrier: string, service: string) => rateLabel(carrier, service);

/**
 * Shipping labels bought once (issue 53 item 3, docs/decisions/0174): the rules and words of the owner's label step,
 * one definition for the server and the admin's pages.
 *
 * A label is an attempt of its order: the first is 1, and a voided label's order buys attempt 2, and so on. The
 * attempt names the purchase (its idempotency key, `labelKey`): the page sends the attempt it offers, so a double
 * click, a second tab or a retry after a crash all name the same purchase, which the server completes once.
 */

/** The state of an order's label: being bought (its shipments named, not all bought yet), bought, or voided. */
export type LabelStatus = 'buying' | 'bought' | 'voided';

/** The idempotency key of an order's label attempt, stored on the order before the provider is called. */
export const labelKey = (orderNumber: string, attempt: number) => `label-${orderNumber}-${attempt}`;

/** The most orders one "Buy labels" batch takes. */
export const MAX_LABEL_BATCH = 50;

/**
 * Days after its purchase that a carrier's unused label can be voided for a refund through EasyPost (its refund
 * guide: USPS 30 days; UPS and FedEx 90): past them the shop refuses to ask. Others: the shortest.
 */
export const VOID_WINDOW_DAYS: Readonly<Record<string, number>> = { USPS: 30, UPS: 90, FedEx: 90 };
export const voidWindowDays = (carrier: string) => VOID_WINDOW_DAYS[carrier] ?? 30;

/** Whether a label bought at `boughtAt` may still be voided at `now`. */
export function withinVoidWindow(carrier: string, boughtAt: string, now = new Date()): boolean {
  return now.getTime() - Date.parse(boughtAt) <= voidWindowDays(carrier) * 86_400_000;
}

/** The ship step's carrier for a provider's carrier name (USPS, UPS, FedEx; any other: 'other'). */
export function shipCarrierOf(carrier: string): Carrier {
  const found = CARRIERS.find((known) => known.toLowerCase() === carrier.toLowerCase());
  return found ?? (/^fedex/i.test(carrier) ? 'FedEx' : 'other');
}

/** Seconds a label's download link stays valid. */
export const LABEL_LINK_SECONDS = 300;

export const LABEL_WORDS = {
  heading: 'Shipping label',
  buy: (label: string, price: number) => `Buy label: ${label}, ${formatPrice(price)}`,
  buying: 'Buying…',
  chooseAnother: 'Choose another rate',
  chooseRate: 'Choose a rate',
  rerating: 'Getting rates…',
  paid: (price: number) => `The customer paid ${formatPrice(price)} for shipping.`,
  difference: (cents: number) =>
    cents === 0
      ? 'same as paid'
      : cents > 0
        ? `${formatPrice(cents)} more than paid`
        : `${formatPrice(-cents)} less than paid`,
  print: 'Print label (PDF)',
  printParcel: (n: number) => `Print label ${n} (PDF)`,
  void: 'Void label',
  voiding: 'Voiding…',
  voidConfirm: 'Void this label? The carrier refunds an unused label; you can buy another.',
  bought: (label: string, price: number) => `Bought: ${label}, ${formatPrice(price)}`,
  tracking: (codes: readonly string[]) => `Tracking: ${codes.join(', ')}`,
  shipWithLabel: 'Ship with this label',
  voided: (status: string) => `Voided (refund ${status}). You can buy another label.`,
  timelineBought: (label: string, price: number, codes: readonly string[]) =>
    `Label bought: ${label}, ${formatPrice(price)}, tracking ${codes.join(', ')}`,
  timelineVoided: (label: string, status: string) => `Label voided: ${label} (refund ${status})`,
  // Refusals.
  notCaptured: 'A label is bought after the payment is captured. Please try again in a few minutes.',
  shipped: 'This order has shipped: its label can no longer be bought or voided here.',
  cancelled: 'This order was cancelled: no label is bought for it.',
  nothingToShip: 'Nothing in this order is left to ship.',
  noAddress: 'This order ships nowhere (gift cards only).',
  notSetUp:
    'Labels need the shipping provider: set its key (the ShippingSecret) and the ship-from address in Shipping settings.',
  chooseFirst: 'This order paid a shop rate, not a carrier rate: choose a rate to buy its label.',
  unknownRate: 'That rate is not one offered for this order. Please get the rates again.',
  changedMeanwhile: 'The label changed in another tab. Please reload the order.',
  alreadyBought: 'This order already has a label. Void it first to buy another.',
  busy: 'A label is being bought for this order. Please reload in a moment.',
  noLabel: 'This order has no label to void.',
  alreadyVoided: 'This label was voided already. You can buy another.',
  pastWindow: (carrier: string) =>
    `This label is past the ${voidWindowDays(carrier)} days in which ${carrier} refunds an unused label.`,
  refundRejected: 'The carrier refused to refund this label (it may have been scanned).',
  providerDown: 'The shipping provider did not answer. Please try again; nothing was bought twice.',
  batchStarted: (n: number) => `Buying ${n} label${n === 1 ? '' : 's'}…`,
  batchDone: (bought: number, failed: number) =>
    `${bought} label${bought === 1 ? '' : 's'} bought${failed ? `, ${failed} not bought` : ''}.`,
  batchButton: 'Buy labels',
  batchUnknown: 'No such batch.',
} as const;
