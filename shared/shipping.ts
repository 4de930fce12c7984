import { formatPrice, SHIPPING_CENTS } from './money';

/**
 * The rates on offer at the shipping step (issue 53 item 2, docs/decisions/0161): the owner's choice of the flat rate
 * (the spec's $5.99, the default), free shipping over an amount, and rates calculated by the shipping provider for the
 * order's parcels (shared/parcels.ts) and the address. One set of rules for the shipping step, the card step, a
 * wallet's sheet and the server, which prices the chosen rate again and never takes a price from a browser.
 */

/** The owner's shipping settings; a missing record or field reads as DEFAULT_SHIPPING_SETTINGS. */
export interface ShippingSettings {
  /** Whether the flat rate is offered (it is whenever the provider offers nothing). */
  offerFlat: boolean;
  /** The flat rate, cents (the spec's $5.99). */
  flatCents: number;
  /** Free shipping when the goods (gift cards not counted, before a promo code) come to at least this; null: never. */
  freeOverCents: number | null;
  /** Whether the provider's calculated rates are offered (they need the ship-from address). */
  calculated: boolean;
  /** Where parcels ship from: the provider rates and labels from it. */
  shipFrom: ShipFrom | null;
}

export interface ShipFrom {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = {
  offerFlat: true,
  flatCents: SHIPPING_CENTS,
  freeOverCents: null,
  calculated: false,
  shipFrom: null,
};

export const SHIPPING_LIMITS = {
  /** The most a flat rate or a free-shipping threshold may be, cents. */
  maxCents: 100_000,
  /** An order of more parcels than this is offered the flat rate (and free shipping) only. */
  maxCalculatedParcels: 5,
  /** How long the shop waits for the provider before it offers the flat rate, ms. */
  providerTimeoutMs: 4000,
} as const;

/** The ids of the shop's own rates; a calculated rate's id is the provider's rate ids, one per parcel, joined by +. */
export const FLAT_RATE_ID = 'flat';
export const FREE_RATE_ID = 'free';
export const RATE_ID = /^(flat|free|rate_[A-Za-z0-9]{1,60}(\+rate_[A-Za-z0-9]{1,60}){0,4})$/;
export const MAX_RATE_ID_LENGTH = 320;

export type RateKind = 'flat' | 'free' | 'calculated';

/** One rate the shipping step offers, as the shopper reads it and the server prices it. */
export interface ShippingRate {
  id: string;
  kind: RateKind;
  /** What the shopper reads: "Shipping & handling", "Free shipping", "USPS Priority". */
  label: string;
  /** Cents. */
  amount: number;
  /** A calculated rate's carrier and service (as the provider names them). */
  carrier?: string;
  service?: string;
  /** Business days in transit, when the provider says. */
  days?: number;
}

export const SHIPPING_WORDS = {
  flat: 'Shipping & handling',
  free: 'Free shipping',
  /** The rate choice's heading at the shipping step. */
  heading: 'Shipping method',
  loading: 'Finding shipping rates…',
  /** Asked before the state and ZIP are typed. */
  needAddress: 'Enter your state and ZIP code to see shipping rates.',
  /** When the provider did not answer: the shop offers its own rates and says so. */
  providerDown: "We couldn't get carrier rates just now, so we're offering our standard shipping.",
  /** The card step was sent a rate id the provider does not know, or of another cart or address. */
  unknownRate: 'This shipping rate is not available for your cart and address. Please choose shipping again.',
  freeNotMet: (threshold: number) => `Free shipping is for orders of ${formatPrice(threshold)} or more.`,
  freeOver: (threshold: number) => `Free shipping on orders of ${formatPrice(threshold)} or more.`,
  tooManyParcels: 'This order ships in many parcels: standard shipping only.',
  chooseRate: 'Please choose how your order ships.',
  /** The owner turned calculated rates on without saying where parcels leave from. */
  needShipFrom: 'Calculated rates need the ship-from address: fill it in below, or turn them off.',
  /** The admin's Shipping page: a dollar amount it cannot read, said in dollars beside the field. */
  settingsDollars: `Type an amount in dollars, like 5.99, from 0 to ${formatPrice(SHIPPING_LIMITS.maxCents)}.`,
  settingsSaved: 'Saved the shipping settings. The next shopper at the shipping step sees them.',
} as const;

/** "USPS Priority" from the provider's carrier and service (`GroundAdvantage` -> "Ground Advantage"). */
export function rateLabel(carrier: string, service: string): string {
  return `${carrier} ${service.replace(/([a-z])([A-Z])/g, '$1 $2')}`;
}

/** The flat rate and, when the goods reach the owner's amount, free shipping: the shop's own rates, free first. */
export function ownRates(settings: ShippingSettings, goods: number): ShippingRate[] {
  const flat: ShippingRate = { id: FLAT_RATE_ID, kind: 'flat', label: SHIPPING_WORDS.flat, amount: settings.flatCents };
  return freeApplies(settings, goods)
    ? [{ id: FREE_RATE_ID, kind: 'free', label: SHIPPING_WORDS.free, amount: 0 }, flat]
    : [flat];
}

/**
 * The rate shown chosen among those on offer: `id` while it is offered, else free shipping, else the flat rate, else the
 * first (the shipping step and a wallet's sheet alike).
 */
export function chosenOf(rates: readonly ShippingRate[], id: string | undefined): ShippingRate | undefined {
  return (
    rates.find((rate) => rate.id === id) ??
    rates.find((rate) => rate.kind === 'free') ??
    rates.find((rate) => rate.kind === 'flat') ??
    rates[0]
  );
}

/** Free shipping applies when the owner set an amount and the goods (before a promo code's discount) reach it. */
export const freeApplies = (settings: ShippingSettings, goods: number) =>
  settings.freeOverCents !== null && goods >= settings.freeOverCents;

/**
 * The arrival a rate promises, as the shopper reads it: a calculated rate's days give the date (business days
 * counted from `from`, weekends skipped); the shop's own rates keep the spec's text.
 */
export function arrivalOf(rate: Pick<ShippingRate, 'days'>, from: Date = new Date()): Date | null {
  if (!rate.days) return null;
  const day = new Date(from);
  let left = rate.days;
  while (left > 0) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() !== 0 && day.getDay() !== 6) left -= 1;
  }
  return day;
}
