import { hasShipTo } from '#shared/order-address';
import { LABEL_LINK_SECONDS, LABEL_WORDS, labelKey, rateLabelOf, withinVoidWindow } from '#shared/labels';
import type { BuyLabelBody, LabelRatesAnswer, OrderLabelView, VoidLabelBody } from '#shared/schemas/labels';
import { waitsToShip } from '#shared/to-ship';
import { orders, type OrderLabel, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { presignInline, putObject } from '../../lib/storage';
import { parcelsOf, readShippingSettings } from '../money/shipping';
import { buyParcel, labelParcels, labelPdfBytes, refundParcel, type BoughtParcel } from '../money/shipping/labels';
import { calculatedRates, ProviderDown, shippingClient, UnknownRate, type ShipTo } from '../money/shipping/provider';

/**
 * An order's shipping label, bought once (issue 53 item 3, docs/decisions/0174).
 *
 * Buying is in two writes around the provider: first the attempt is named on the order (its key, the rate, each
 * parcel's shipment: `labelStatus` buying), on the condition that the order's label is still where the page saw it;
 * then each parcel's shipment is bought (a bought shipment is taken as it is: the provider sells one label per
 * shipment), its PDF kept privately, and the label recorded (`labelStatus` bought). A second press, a second tab, a
 * batch run twice or a retry after a crash all find the named attempt and finish that one: one label per parcel.
 */

const LABEL_PREFIX = 'labels';
const fileKey = (orderNumber: string, attempt: number, parcel: number) =>
  `${LABEL_PREFIX}/${orderNumber}/${attempt}-${parcel + 1}.pdf`;

const providerRefused = (message: string) => new HttpError(502, 'provider_refused', message);

/** Where the order's parcels go, for the provider. */
function shipToOf(order: OrderRecord): ShipTo {
  const address = order.shippingAddress;
  if (!hasShipTo(address)) throw conflict(LABEL_WORDS.noAddress);
  return { name: address.name, line1: address.line1, city: address.city, state: address.state, zip: address.zip };
}

/** Refuses a label step for an order that is not waiting to ship with its money taken. */
function checkShippable(order: OrderRecord) {
  if (order.status === 'cancelled') throw conflict(LABEL_WORDS.cancelled);
  if (order.status === 'completed') throw conflict(LABEL_WORDS.shipped);
  if (order.paymentStatus === 'authorized') throw conflict(LABEL_WORDS.notCaptured);
  if (!waitsToShip(order)) throw conflict(LABEL_WORDS.nothingToShip);
}

async function readOrder(orderNumber: string): Promise<OrderRecord> {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  return order;
}

async function client() {
  const found = await shippingClient();
  if (!found) throw conflict(LABEL_WORDS.notSetUp);
  return found;
}

/**
 * The provider's errors as the owner reads them (409 for a rate not this order's, 502 for a refusal or no answer);
 * the shop's own (a refusal of ours, the table) pass as they are.
 */
function asRefusal(error: unknown): never {
  if (error instanceof UnknownRate) throw conflict(LABEL_WORDS.unknownRate);
  const fromProvider =
    error instanceof ProviderDown || typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
  if (!fromProvider) throw error;
  logger.warn('The shipping provider refused or did not answer a label step', { error: error as Error });
  throw providerRefused(LABEL_WORDS.providerDown);
}

/**
 * POST /api/admin/orders/{orderNumber}/label/rates: the provider's rates for the order's parcels to its address now
 * (new shipments, their labels as 4x6 PDFs), each with its difference from what the customer paid for shipping.
 */
export async function labelRates(orderNumber: string): Promise<LabelRatesAnswer> {
  const order = await readOrder(orderNumber);
  checkShippable(order);
  if (order.labelStatus === 'bought' || order.labelStatus === 'buying') throw conflict(LABEL_WORDS.alreadyBought);
  const to = shipToOf(order);
  const { shipFrom } = await readShippingSettings();
  const provider = await client();
  if (!shipFrom) throw conflict(LABEL_WORDS.notSetUp);
  const parcels = await parcelsOf(order.lines);
  try {
    const rates = await calculatedRates(provider, parcels, shipFrom, to, orderNumber);
    const paid = order.amounts.shipping;
    return { paid, rates: rates.map((rate) => ({ ...rate, difference: rate.amount - paid })) };
  } catch (error) {
    asRefusal(error);
  }
}

/** The attempt a page offers next: 1, or the voided label's + 1. */
const nextAttempt = (order: OrderRecord) => (order.labelAttempt ?? 0) + 1;

/**
 * Names attempt `attempt` on the order (buying), on the condition that its label is where it was read. Answers the
 * order as it stands when another call named it first.
 */
async function nameAttempt(order: OrderRecord, label: OrderLabel): Promise<OrderRecord> {
  const history = order.label ? [...(order.voidedLabels ?? []), order.label] : order.voidedLabels;
  try {
    await orders.update(
      { orderNumber: order.orderNumber },
      {
        set: {
          labelAttempt: label.attempt,
          labelStatus: 'buying',
          label,
          ...(history ? { voidedLabels: history } : {}),
        },
      },
      order.labelAttempt
        ? { when: { equals: { labelAttempt: order.labelAttempt, labelStatus: 'voided' } } }
        : { when: { absent: ['labelAttempt'] } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return readOrder(order.orderNumber);
}

/**
 * Finishes the named attempt: each parcel bought (or its label taken as the provider has it), its PDF kept, the
 * label recorded on the condition that this attempt is still being bought. Idempotent.
 */
async function finish(order: OrderRecord): Promise<OrderRecord> {
  const label = order.label!;
  const provider = await client();
  let bought: BoughtParcel[];
  try {
    bought = [];
    for (const parcel of label.parcels) bought.push(await buyParcel(provider, parcel));
    const files = await Promise.all(
      bought.map(async (parcel, index) => {
        const key = fileKey(order.orderNumber, label.attempt, index);
        await putObject(key, await labelPdfBytes(parcel.pdfUrl), 'application/pdf', 'private, no-store');
        return key;
      }),
    );
    const trackerIds = bought.map((parcel) => parcel.trackerId).filter((id): id is string => Boolean(id));
    const done: OrderLabel = {
      ...label,
      status: 'bought',
      trackingCodes: bought.map((parcel) => parcel.trackingCode),
      trackerIds,
      files,
      boughtAt: new Date().toISOString(),
    };
    try {
      await orders.update(
        { orderNumber: order.orderNumber },
        { set: { labelStatus: 'bought', label: done } },
        { when: { equals: { labelAttempt: label.attempt, labelStatus: 'buying' } } },
      );
    } catch (error) {
      // Recorded by the other press first: the same labels.
      if (!isConditionFailure(error)) throw error;
    }
  } catch (error) {
    asRefusal(error);
  }
  return readOrder(order.orderNumber);
}

/**
 * POST /api/admin/orders/{orderNumber}/label: buys the label of attempt `attempt` for `rateId` (or the rate the
 * customer chose). The attempt is the page's: the same one again (a double click, a second tab, a retry) answers the
 * label that attempt bought, or finishes it; a stale one (a label bought or voided since) is refused.
 */
export async function buyLabel(orderNumber: string, body: BuyLabelBody, batchId?: string): Promise<OrderRecord> {
  let order = await readOrder(orderNumber);
  if (order.labelAttempt === body.attempt) {
    if (order.labelStatus === 'bought') return order;
    if (order.labelStatus === 'buying') return finish(order);
    throw conflict(LABEL_WORDS.alreadyVoided);
  }
  if (body.attempt !== nextAttempt(order))
    throw conflict(order.labelStatus === 'voided' ? LABEL_WORDS.changedMeanwhile : LABEL_WORDS.alreadyBought);
  checkShippable(order);
  const customers =
    body.attempt === 1 && order.shippingRate?.kind === 'calculated' && !order.shippingFallback
      ? order.shippingRate.id
      : undefined;
  const rateId = body.rateId ?? customers;
  if (!rateId) throw conflict(LABEL_WORDS.chooseFirst);
  const provider = await client();
  let chosen;
  try {
    // The customer's own rate (its checkout's shipments), or one of the label rates got for this order.
    const reference = rateId === customers ? undefined : orderNumber;
    chosen = await labelParcels(provider, rateId, await parcelsOf(order.lines), shipToOf(order), reference);
  } catch (error) {
    asRefusal(error);
  }
  order = await nameAttempt(order, {
    attempt: body.attempt,
    key: labelKey(orderNumber, body.attempt),
    status: 'buying',
    rateId,
    parcels: chosen.parcels,
    carrier: chosen.carrier,
    service: chosen.service,
    cents: chosen.cents,
    startedAt: new Date().toISOString(),
    ...(batchId ? { batchId } : {}),
  });
  if (order.labelAttempt !== body.attempt) throw conflict(LABEL_WORDS.changedMeanwhile);
  if (order.labelStatus === 'bought') return order;
  return finish(order);
}

/**
 * POST /api/admin/orders/{orderNumber}/label/void: voids the bought label of attempt `attempt` through the provider
 * (each parcel's refund) and records it; the owner may then buy attempt + 1. Refused when the order has shipped, the
 * label is past its carrier's window, or it was voided already.
 */
export async function voidLabel(orderNumber: string, body: VoidLabelBody): Promise<OrderRecord> {
  const order = await readOrder(orderNumber);
  const label = order.label;
  if (!label || order.labelAttempt !== body.attempt)
    throw conflict(label ? LABEL_WORDS.changedMeanwhile : LABEL_WORDS.noLabel);
  if (order.labelStatus === 'voided') throw conflict(LABEL_WORDS.alreadyVoided);
  if (order.labelStatus === 'buying') throw conflict(LABEL_WORDS.busy);
  if (order.status === 'completed') throw conflict(LABEL_WORDS.shipped);
  if (!withinVoidWindow(label.carrier, label.boughtAt!)) throw conflict(LABEL_WORDS.pastWindow(label.carrier));
  const provider = await client();
  let statuses: string[];
  try {
    statuses = [];
    for (const parcel of label.parcels) statuses.push(await refundParcel(provider, parcel.shipmentId));
  } catch (error) {
    asRefusal(error);
  }
  if (statuses.includes('rejected')) throw providerRefused(LABEL_WORDS.refundRejected);
  const refundStatus = statuses.every((status) => status === 'refunded') ? 'refunded' : 'submitted';
  try {
    await orders.update(
      { orderNumber },
      {
        set: {
          labelStatus: 'voided',
          label: { ...label, status: 'voided', voidedAt: new Date().toISOString(), refundStatus },
        },
      },
      { when: { equals: { labelAttempt: label.attempt, labelStatus: 'bought' } } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return readOrder(orderNumber);
}

/** GET /api/admin/orders/{orderNumber}/label: short-lived links to the bought label's PDFs, one per parcel. */
export async function labelLinks(orderNumber: string): Promise<{ urls: string[]; expiresInSeconds: number }> {
  const order = await readOrder(orderNumber);
  if (order.labelStatus !== 'bought' || !order.label?.files?.length) throw notFound(LABEL_WORDS.noLabel);
  const urls = await Promise.all(
    order.label.files.map((key, index) =>
      presignInline(
        key,
        `label-${orderNumber}-${order.label!.attempt}-${index + 1}.pdf`,
        'application/pdf',
        LABEL_LINK_SECONDS,
      ),
    ),
  );
  return { urls, expiresInSeconds: LABEL_LINK_SECONDS };
}

/** The order's label as the owner's page shows it; null without one. */
export function labelView(order: OrderRecord, now = new Date()): OrderLabelView | null {
  const label = order.label;
  if (!label) return null;
  return {
    attempt: label.attempt,
    key: label.key,
    status: order.labelStatus ?? label.status,
    carrier: label.carrier,
    service: label.service,
    label: rateLabelOf(label.carrier, label.service),
    cost: label.cents,
    trackingCodes: label.trackingCodes ?? [],
    trackerIds: label.trackerIds ?? [],
    shipmentIds: label.parcels.map((parcel) => parcel.shipmentId),
    parcels: label.parcels.length,
    boughtAt: label.boughtAt ?? null,
    voidedAt: label.voidedAt ?? null,
    refundStatus: label.refundStatus ?? null,
    canVoid:
      order.labelStatus === 'bought' &&
      order.status === 'pending' &&
      Boolean(label.boughtAt) &&
      withinVoidWindow(label.carrier, label.boughtAt!, now),
  };
}

/** The timeline's entries of an order's labels: each bought, each voided. */
export function labelTimeline(order: OrderRecord): { at: string; text: string }[] {
  const all = [...(order.voidedLabels ?? []), ...(order.label ? [order.label] : [])];
  return all.flatMap((label) => [
    ...(label.boughtAt
      ? [
          {
            at: label.boughtAt,
            text: LABEL_WORDS.timelineBought(
              rateLabelOf(label.carrier, label.service),
              label.cents,
              label.trackingCodes ?? [],
            ),
          },
        ]
      : []),
    ...(label.voidedAt
      ? [
          {
            at: label.voidedAt,
            text: LABEL_WORDS.timelineVoided(
              rateLabelOf(label.carrier, label.service),
              label.refundStatus ?? 'submitted',
            ),
          },
        ]
      : []),
  ]);
}
