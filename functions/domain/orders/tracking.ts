import {
  expectedBy,
  isLate,
  MAILED_STATUSES,
  TRACKING_RANK,
  trackingStatusOf,
  type MailedStatus,
  type TrackingStatus,
} from '#shared/tracking';
import { orders, type OrderRecord, type OrderTracking } from '../../db/entities/order';
import { codeRef, parcelsOut, trackerRef, trackingEvents, trackingRefs } from '../../db/entities/parcel-tracking';
import type { TransactItem } from '../../db/table';
import { transactWriteOrFailures } from '../../db/transaction';
import { badRequest, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { deliveryItem, sendAgain } from '../mail/deliveries';
import { BadSignature, registerTracker, shippingClient, shippingKeys, verifiedEvent } from '../money/shipping/provider';
import { trackingStepMail } from './mails';

/**
 * Tracking that updates itself (issue 53 item 4, docs/decisions/0176). The ship step starts a parcel's tracking (its
 * lookup by tracking code, its place among the parcels out, and a tracker registered with the provider); the
 * provider's signed `tracker.updated` events move it forward, applied exactly once in any order: each event id is
 * written once (on the condition that it is new), a step only ever moves forward, and the step, its timeline entry
 * (`tracking.steps`) and its mail (the outbox) are one transaction.
 */

/** The mail outbox's kinds of the two tracking mails (ref: the order number): one delivery each, ever. */
export const TRACKING_MAIL_KIND: Record<MailedStatus, string> = {
  out_for_delivery: 'parcel-out-for-delivery',
  delivered: 'parcel-delivered',
};

/** Carriers EasyPost tracks by name (the ship step's 'other' is not registered). */
const TRACKED_CARRIERS = new Set(['USPS', 'UPS', 'FedEx']);

/** Whether an order's parcel can be tracked: shipped with a tracking number and a carrier the provider knows. */
export const isTrackable = (order: Pick<OrderRecord, 'carrier' | 'trackingNumber'>) =>
  Boolean(order.trackingNumber && order.carrier && TRACKED_CARRIERS.has(order.carrier));

/** A shipped order's tracking before any event: registered at the ship time, expected by its rate's days. */
export function startedTracking(order: Pick<OrderRecord, 'shippingRate'>, shippedAt: string): OrderTracking {
  return {
    status: 'registered',
    statusAt: shippedAt,
    lastEventAt: shippedAt,
    expectedBy: expectedBy(shippedAt, order.shippingRate?.days),
    steps: [],
  };
}

/**
 * The ship step's writes beside the order's own (one transaction with it): the parcel's lookup by carrier and tracking
 * code, and its place among the parcels out (the late count).
 */
export function trackingStartItems(orderNumber: string, shipped: OrderRecord, tracking: OrderTracking): TransactItem[] {
  return [
    trackingRefs.transact.put({ ref: codeRef(shipped.carrier!, shipped.trackingNumber!), orderNumber }),
    parcelsOut.transact.put({ orderNumber, expectedBy: tracking.expectedBy, shippedAt: tracking.statusAt }),
  ];
}

/** The tracker the provider made with the order's bought label (docs/decisions/0174), when it ships with that label. */
function labelTracker(order: OrderRecord): { id: string } | null {
  const label = order.label?.status === 'bought' ? order.label : undefined;
  const at = label?.trackingCodes?.indexOf(order.trackingNumber ?? '') ?? -1;
  const id = at >= 0 ? label?.trackerIds?.[at] : undefined;
  return id ? { id } : null;
}

/**
 * Registers the provider's tracker of a shipped order (when a shipping key is set; a bought label's own, when it ships
 * with that label) and keeps its id on the order, with its lookup by tracker id. Never throws: a failure is noted on the order (`registerError`, shown on its timeline) and
 * does not undo the shipping.
 */
export async function registerOrderTracker(orderNumber: string): Promise<void> {
  try {
    const client = await shippingClient();
    if (!client) return;
    const order = await orders.get({ orderNumber }, { consistent: true });
    if (!order?.tracking || order.tracking.trackerId || !isTrackable(order)) return;
    let tracker: { id: string } | null = labelTracker(order);
    let failure: string | null = null;
    try {
      tracker ??= await registerTracker(client, order.trackingNumber!, order.carrier!);
    } catch (error) {
      failure = (error as Error).message.slice(0, 300);
      logger.warn('the parcel tracker could not be registered; noted on the order', {
        orderNumber,
        error: error as Error,
      });
    }
    for (let attempt = 0; attempt < 8; attempt++) {
      const current = attempt ? await orders.get({ orderNumber }, { consistent: true }) : order;
      if (!current?.tracking || current.tracking.trackerId) return;
      const tracking: OrderTracking = tracker
        ? (({ registerError: _e, ...rest }) => ({ ...rest, trackerId: tracker.id }))(current.tracking)
        : {
            ...current.tracking,
            registerError: failure!,
            registerAttempts: (current.tracking.registerAttempts ?? 0) + 1,
          };
      const failed = await transactWriteOrFailures([
        orders.transact.update(
          { orderNumber },
          { set: { tracking }, add: { version: 1 } },
          { when: { equals: { version: current.version } } },
        ),
        ...(tracker ? [trackingRefs.transact.put({ ref: trackerRef(tracker.id), orderNumber })] : []),
      ]);
      if (!failed.length) return;
    }
  } catch (error) {
    logger.error('the parcel tracker was not recorded', { orderNumber, error: error as Error });
  }
}

/** What the provider's event says of the parcel. */
interface TrackerEvent {
  eventId: string;
  trackerId: string;
  trackingCode: string;
  carrier: string;
  status: TrackingStatus | null;
  /** When the carrier said it (its newest tracking detail of that status, else the tracker's update). */
  at: string;
  estDeliveryDate: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The tracker.updated event as the shop reads it, or null for another kind of event (acknowledged, ignored). */
function trackerEventOf(event: Record<string, unknown>): TrackerEvent | null {
  const result = event.result as Record<string, unknown> | undefined;
  if (event.description !== 'tracker.updated' || !result || result.object !== 'Tracker') return null;
  const eventId = text(event.id);
  if (!eventId) return null;
  const status = trackingStatusOf(result.status);
  const details = Array.isArray(result.tracking_details) ? (result.tracking_details as Record<string, unknown>[]) : [];
  const detail = details
    .filter((d) => d.status === result.status && !Number.isNaN(Date.parse(text(d.datetime))))
    .at(-1);
  const when = [text(detail?.datetime), text(result.updated_at), text(event.created_at)].find(
    (value) => !Number.isNaN(Date.parse(value)),
  );
  return {
    eventId,
    trackerId: text(result.id),
    trackingCode: text(result.tracking_code),
    carrier: text(result.carrier),
    status,
    at: when ? new Date(when).toISOString() : new Date().toISOString(),
    estDeliveryDate: text(result.est_delivery_date) || null,
  };
}

/** The order an event is about: by its tracker id, else by carrier and tracking code; null when the shop has none. */
async function orderOfEvent(event: TrackerEvent): Promise<string | null> {
  const byTracker = event.trackerId ? await trackingRefs.get({ ref: trackerRef(event.trackerId) }) : null;
  if (byTracker) return byTracker.orderNumber;
  if (!event.trackingCode || !event.carrier) return null;
  return (await trackingRefs.get({ ref: codeRef(event.carrier, event.trackingCode) }))?.orderNumber ?? null;
}

export type TrackingOutcome =
  'applied' | 'updated' | 'stale' | 'repeated' | 'unknown-parcel' | 'not-tracked' | 'ignored';

/**
 * Applies one verified event to its order, exactly once: the event's id written on the condition that it is new, in
 * the same transaction as what it changes (the order at the version read; its mail; the parcel out of the late list
 * when delivered). A later step moves the parcel; an earlier or equal one changes nothing but a newer estimated
 * delivery date. Tried again when the order changed meanwhile.
 */
export async function applyTrackerEvent(event: TrackerEvent): Promise<TrackingOutcome> {
  const orderNumber = await orderOfEvent(event);
  if (!orderNumber) {
    logger.info('a tracking event for a parcel the shop does not know; acknowledged', { trackerId: event.trackerId });
    return 'unknown-parcel';
  }
  let mailOwedBefore = false;
  for (let attempt = 0; attempt < 10; attempt++) {
    const order = await orders.get({ orderNumber }, { consistent: true });
    const seen = trackingEvents.transact.put(
      { eventId: event.eventId, orderNumber, outcome: 'ignored' },
      { ifNew: true },
    );
    if (!order || order.status !== 'completed') {
      const failed = await transactWriteOrFailures([seen]);
      return failed.length ? 'repeated' : 'not-tracked';
    }
    const current = order.tracking ?? startedTracking(order, order.completedAt ?? order.updatedAt);
    const forward = event.status !== null && TRACKING_RANK[event.status] > TRACKING_RANK[current.status];
    const newer = event.at > current.lastEventAt;
    const estimate = event.estDeliveryDate && newer ? event.estDeliveryDate : current.estDeliveryDate;
    const delivered = forward && event.status === 'delivered';
    let next: OrderTracking | null = null;
    if (forward) {
      next = {
        ...current,
        ...(event.trackerId && !current.trackerId ? { trackerId: event.trackerId } : {}),
        status: event.status!,
        statusAt: event.at,
        lastEventAt: newer ? event.at : current.lastEventAt,
        ...(estimate ? { estDeliveryDate: estimate } : {}),
        expectedBy: estimate ? expectedBy(order.completedAt ?? event.at, undefined, estimate) : current.expectedBy,
        steps: [...current.steps, { status: event.status!, at: event.at, eventId: event.eventId }],
      };
    } else if (newer && estimate !== current.estDeliveryDate) {
      next = {
        ...current,
        lastEventAt: event.at,
        ...(estimate ? { estDeliveryDate: estimate } : {}),
        expectedBy: estimate ? expectedBy(order.completedAt ?? event.at, undefined, estimate) : current.expectedBy,
      };
    }
    const outcome: TrackingOutcome = forward ? 'applied' : next ? 'updated' : 'stale';
    const mailed = forward && !mailOwedBefore && (MAILED_STATUSES as readonly string[]).includes(event.status!);
    const items: TransactItem[] = [
      trackingEvents.transact.put(
        { eventId: event.eventId, orderNumber, outcome: forward ? `moved to ${event.status}` : outcome },
        { ifNew: true },
      ),
    ];
    if (next)
      items.push(
        orders.transact.update(
          { orderNumber },
          { set: { tracking: next }, add: { version: 1 } },
          { when: { equals: { version: order.version } } },
        ),
      );
    const mailStatus = event.status as MailedStatus;
    const mailAt = items.length;
    if (mailed)
      items.push(deliveryItem(TRACKING_MAIL_KIND[mailStatus], orderNumber, trackingStepMail(order, mailStatus)));
    if (delivered) items.push(parcelsOut.transact.delete({ orderNumber }));
    else if (next && next.expectedBy !== current.expectedBy && order.tracking)
      items.push(
        parcelsOut.transact.put({ orderNumber, expectedBy: next.expectedBy, shippedAt: order.completedAt ?? event.at }),
      );
    const failed = await transactWriteOrFailures(items);
    if (!failed.length) {
      if (mailed) await sendNow(TRACKING_MAIL_KIND[mailStatus], orderNumber);
      return outcome;
    }
    // The event was applied before (a repeat, or a twin at the same moment): nothing more.
    if (failed.includes(0)) return 'repeated';
    // The step's mail is owed already (never twice): the step is written without it. Otherwise the order changed
    // meanwhile (another event, a refund): read again.
    if (mailed && failed.includes(mailAt)) mailOwedBefore = true;
  }
  throw new Error(`the tracking event ${event.eventId} could not be applied: the order kept changing`);
}

/** Sends an owed tracking mail now (once, whoever else tries it); one not sent now is the send-mails job's. */
async function sendNow(kind: string, orderNumber: string): Promise<void> {
  try {
    await sendAgain(kind, orderNumber, () => {
      throw new Error('the tracking mail has no delivery');
    });
  } catch (error) {
    logger.error('tracking mail not sent now; the send-mails job tries again', {
      kind,
      orderNumber,
      error: error as Error,
    });
  }
}

/**
 * POST /api/shipping/webhook: the provider's event, signature-checked on the raw body by its client's own
 * `Utils.validateWebhook` (a bad or missing signature: 400, nothing read or changed). A tracker.updated event is
 * applied once; any other event, or one for a parcel the shop does not know, is acknowledged and ignored (the
 * provider stops retrying it).
 */
export async function handleShippingWebhook(
  body: string,
  headers: Record<string, string | undefined>,
): Promise<{ received: true; outcome: TrackingOutcome }> {
  const keys = await shippingKeys();
  const client = keys?.webhookSecret ? await shippingClient() : null;
  if (!keys?.webhookSecret || !client)
    throw notFound('The shop takes no shipping webhooks (no webhook secret is set).');
  let verified: Record<string, unknown>;
  try {
    verified = verifiedEvent(client, body, headers, keys.webhookSecret);
  } catch (error) {
    if (!(error instanceof BadSignature)) throw error;
    throw badRequest('The X-Hmac-Signature header does not sign this body.');
  }
  const event = trackerEventOf(verified);
  if (!event) return { received: true, outcome: 'ignored' };
  return { received: true, outcome: await applyTrackerEvent(event) };
}

/** The parcels out past their expected day, most overdue first: the owner's late parcels (dashboard). */
export async function lateParcels(now = new Date()): Promise<{ orderNumber: string; expectedBy: string }[]> {
  const yesterday = new Date(now.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  const out = await parcelsOut.query('out', {}, { skAtMost: `${yesterday}~` });
  return out
    .filter((parcel) => isLate(parcel.expectedBy, now))
    .map(({ orderNumber, expectedBy: day }) => ({ orderNumber, expectedBy: day }));
}
