import { model, type Timestamps } from '../table';

/**
 * The records beside an order's tracking (issue 53 item 4, docs/decisions/0176): how a provider's event finds its
 * order, which events were applied, and which parcels are still out (the owner's late parcels).
 */

/**
 * How an event finds its order: `code#<CARRIER>#<tracking code>` (written by the ship step) and `tracker#<trk_...>`
 * (written when the tracker is registered). A label bought through the provider fills the ship step with its tracking
 * code, so its events are found the same way.
 */
export interface TrackingRefRecord extends Timestamps {
  ref: string;
  orderNumber: string;
}

export const trackingRefs = model<TrackingRefRecord, 'ref'>({ entity: 'tracking-ref', pk: ['ref'] });

export const codeRef = (carrier: string, trackingCode: string) =>
  `code#${carrier.toUpperCase()}#${trackingCode.toUpperCase()}`;
export const trackerRef = (trackerId: string) => `tracker#${trackerId}`;

/** One provider event applied (or seen and ignored), ever: written on the condition that it is new. */
export interface TrackingEventRecord extends Timestamps {
  eventId: string;
  orderNumber: string;
  /** What it did: moved the parcel to this step, or nothing (repeated in substance, or older than the parcel's step). */
  outcome: string;
}

export const trackingEvents = model<TrackingEventRecord, 'eventId'>({ entity: 'tracking-event', pk: ['eventId'] });

/**
 * A shipped parcel not delivered yet, by the day it is expected: one small partition (index `out`) the dashboard reads
 * from the start up to yesterday for its late parcels. Deleted in the transaction that records the delivery.
 */
export interface ParcelOutRecord extends Timestamps {
  orderNumber: string;
  expectedBy: string;
  shippedAt: string;
}

export const parcelsOut = model<ParcelOutRecord, 'orderNumber'>({
  entity: 'parcel-out',
  pk: ['orderNumber'],
  indexes: { out: { index: 'gsi2', pk: [], sk: ['expectedBy'] } },
});
