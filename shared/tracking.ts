import { arrivalOf } from './shipping';

/**
 * Tracking that updates itself (issue 53 item 4, docs/decisions/0176): the provider's (EasyPost's) tracker events move
 * a shipped order's parcel forward, never back. One definition of the steps, their order, their words, and when a
 * parcel counts as late; the server, the admin's order page and the shopper's pages read them from here.
 */

/** Where a shipped parcel is, as the shop tells it. `problem`: the carrier returns it or could not deliver it. */
export const TRACKING_STATUSES = ['registered', 'in_transit', 'out_for_delivery', 'problem', 'delivered'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/**
 * Each step's place: an event moves the parcel only to a later one, so a repeated or late event (an in_transit after
 * delivered) changes nothing. `problem` sits after out for delivery and before delivered: a failed attempt may still
 * end delivered, and a stale out-for-delivery after it is ignored.
 */
export const TRACKING_RANK: Record<TrackingStatus, number> = {
  registered: 0,
  in_transit: 1,
  out_for_delivery: 2,
  problem: 3,
  delivered: 4,
};

/**
 * EasyPost's tracker statuses (https://docs.easypost.com/docs/trackers: unknown, pre_transit, in_transit,
 * out_for_delivery, delivered, available_for_pickup, return_to_sender, failure, cancelled, error) as the shop's steps;
 * the ones that say nothing new (unknown, pre_transit, cancelled, error) are none.
 */
export function trackingStatusOf(easyPostStatus: unknown): TrackingStatus | null {
  switch (easyPostStatus) {
    case 'in_transit':
      return 'in_transit';
    case 'out_for_delivery':
    case 'available_for_pickup':
      return 'out_for_delivery';
    case 'delivered':
      return 'delivered';
    case 'return_to_sender':
    case 'failure':
      return 'problem';
    default:
      return null;
  }
}

/** What the shopper and the owner read for each step. */
export const TRACKING_WORDS = {
  status: {
    registered: 'Shipped',
    in_transit: 'In transit',
    out_for_delivery: 'Out for delivery',
    problem: 'Delivery problem',
    delivered: 'Delivered',
  } satisfies Record<TrackingStatus, string>,
  /** The admin's timeline entry of a step. */
  timeline: (status: TrackingStatus, carrier: string | undefined) =>
    `Tracking: ${TRACKING_WORDS.status[status].toLowerCase()}${carrier ? ` (${carrier})` : ''}`,
  /** The admin's timeline entry of a tracking mail (its outbox kind) and its state. */
  mailState: (kind: string, state: string) =>
    `${kind.endsWith('delivered') ? '"Delivered"' : '"Out for delivery"'} mail ${state === 'sent' ? 'sent to the customer' : state}`,
  registered: 'Tracking updates turned on with the shipping provider',
  registerFailed: 'Tracking updates could not be turned on yet; the shop tries again',
  estimated: 'Estimated delivery',
  lateHeading: 'Late parcels',
  late: (count: number) => `${count} late ${count === 1 ? 'parcel' : 'parcels'}`,
  lateHint: 'Shipped and not delivered by the date expected',
  lateMore: (count: number) => `and ${count} more`,
} as const;

/** Mailed steps: one mail each, ever. */
export const MAILED_STATUSES = ['out_for_delivery', 'delivered'] as const satisfies readonly TrackingStatus[];
export type MailedStatus = (typeof MAILED_STATUSES)[number];

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The customer's mails of the mailed steps: `what` is "your order" or "your replacement", `label` its #number. */
export const TRACKING_MAIL_WORDS: Record<
  MailedStatus,
  { subject: (what: string, label: string) => string; body: (what: string, label: string) => string }
> = {
  out_for_delivery: {
    subject: (what, label) => `${capital(what)} ${label} is out for delivery`,
    body: (what, label) => `${capital(what)} ${label} is out for delivery today: the carrier has it on the truck.`,
  },
  delivered: {
    subject: (what, label) => `${capital(what)} ${label} was delivered`,
    body: (what, label) => `The carrier says ${what} ${label} was delivered. We hope you love it.`,
  },
};
/** The flat and free rates promise no days: a parcel counts as late after this many business days (0176). */
export const FLAT_RATE_LATE_DAYS = 7;

/**
 * The day (YYYY-MM-DD) a parcel is expected by: EasyPost's estimated delivery date when it gave one, else the chosen
 * calculated rate's days from the ship date, else FLAT_RATE_LATE_DAYS business days from it (the flat and free
 * rates). A parcel not delivered by the end of that day is late.
 */
export function expectedBy(shippedAt: string, rateDays: number | undefined, estDeliveryDate?: string | null): string {
  if (estDeliveryDate && !Number.isNaN(Date.parse(estDeliveryDate))) return estDeliveryDate.slice(0, 10);
  const day = arrivalOf({ days: rateDays && rateDays > 0 ? rateDays : FLAT_RATE_LATE_DAYS }, new Date(shippedAt))!;
  return day.toISOString().slice(0, 10);
}

/** Whether a parcel expected by `expected` (YYYY-MM-DD) and not delivered is late at `now`. */
export const isLate = (expected: string, now: Date = new Date()) => expected < now.toISOString().slice(0, 10);
