import { parcelOunces, type Parcel } from '#shared/parcels';
import { rateLabel, SHIPPING_LIMITS, type ShipFrom, type ShippingRate } from '#shared/shipping';
import { toCents } from '#shared/money';
import { toStateCode } from '#shared/tax';
import { readEnv } from '../../../lib/env';
import { logger } from '../../../lib/logger';
import { secretString } from '../../../lib/secrets';
import type { EasyPost } from './easypost';
import { retrieveRate } from './easypost';

/**
 * The shipping provider, EasyPost (issue 53 items 2 and 5, docs/decisions/0161), through its official client: the
 * rates of an order's parcels to an address, and the price of a chosen rate again from its ids. Its key is the stack's
 * secret in AWS (SHIPPING_SECRET_ARN), SHIPPING_API_KEY locally (the stand-in's, or a real test key); none: no
 * calculated rates. Nothing here waits longer than the timeout: a provider that does not answer is `ProviderDown`,
 * and the caller offers the flat rate.
 */

export interface ShippingKeys {
  apiKey: string;
  webhookSecret?: string;
}

/** The provider did not answer in time, or answered an error that is not about the rate asked for. */
export class ProviderDown extends Error {}
/** The rate id is not one the provider gave for these parcels and this address (made up, stale, or another cart's). */
export class UnknownRate extends Error {}

/** The provider's keys, or null when calculated rates are not set up. */
export async function shippingKeys(): Promise<ShippingKeys | null> {
  const env = readEnv();
  if (env.SHIPPING_SECRET_ARN) {
    try {
      const keys = JSON.parse(await secretString(env.SHIPPING_SECRET_ARN)) as Partial<ShippingKeys>;
      if (typeof keys.apiKey !== 'string' || !keys.apiKey) return null;
      return { apiKey: keys.apiKey, ...(keys.webhookSecret ? { webhookSecret: keys.webhookSecret } : {}) };
    } catch (error) {
      logger.warn('The shipping secret could not be read; calculated rates are off', { error: error as Error });
      return null;
    }
  }
  if (env.SHIPPING_API_KEY)
    return {
      apiKey: env.SHIPPING_API_KEY,
      ...(env.SHIPPING_WEBHOOK_SECRET ? { webhookSecret: env.SHIPPING_WEBHOOK_SECRET } : {}),
    };
  return null;
}

const timeoutMs = () => readEnv().SHIPPING_TIMEOUT_MS ?? SHIPPING_LIMITS.providerTimeoutMs;

let cached: { key: string; client: EasyPost } | undefined;

/** The provider's client with this function's keys, or null without them. */
export async function shippingClient(): Promise<EasyPost | null> {
  const keys = await shippingKeys();
  if (!keys) return null;
  const baseUrl = readEnv().SHIPPING_API_BASE;
  const key = `${keys.apiKey}|${baseUrl ?? ''}|${timeoutMs()}`;
  if (cached?.key !== key) {
    const { makeEasyPost } = await import('./easypost');
    cached = { key, client: makeEasyPost(keys.apiKey, { baseUrl, timeoutMs: timeoutMs() }) };
  }
  return cached.client;
}

/** `work`, or ProviderDown when it takes longer than `ms` (its own errors pass through as the provider gave them). */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderDown('The shipping provider did not answer in time.')), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or ProviderDown when it takes longer than the timeout or fails for a reason of the provider's. */
async function inTime<T>(work: Promise<T>): Promise<T> {
  try {
    return await withDeadline(work, timeoutMs());
  } catch (error) {
    if (error instanceof UnknownRate || error instanceof ProviderDown) throw error;
    throw new ProviderDown(`The shipping provider answered an error: ${(error as Error).message}`.slice(0, 300));
  }
}

/** Where a parcel goes: the shipping address (a wallet's sheet may know only the city, state and ZIP). */
export interface ShipTo {
  name?: string;
  line1?: string;
  city?: string;
  state: string;
  zip: string;
}

const fiveDigits = (zip: string | null | undefined) => /^\d{5}/.exec(zip ?? '')?.[0] ?? '';
const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;

/**
 * The provider's rates for `parcels` from `from` to `to`: one shipment per parcel, and one rate per carrier and
 * service that every parcel has, its price their sum, its days the longest, its id the parcels' rate ids joined by +.
 * Cheapest first.
 */
export async function calculatedRates(
  client: EasyPost,
  parcels: readonly Parcel[],
  from: ShipFrom,
  to: ShipTo,
  reference?: string,
): Promise<ShippingRate[]> {
  const shipments = await inTime(
    Promise.all(
      parcels.map((parcel) =>
        client.Shipment.create({
          to_address: {
            ...(to.name ? { name: to.name } : {}),
            ...(to.line1 ? { street1: to.line1 } : {}),
            ...(to.city ? { city: to.city } : {}),
            state: toStateCode(to.state) ?? to.state,
            zip: to.zip,
            country: 'US',
          },
          from_address: { ...from, country: 'US' },
          parcel: {
            length: parcel.box.lengthIn,
            width: parcel.box.widthIn,
            height: parcel.box.heightIn,
            weight: parcelOunces(parcel),
          },
          // The label, if the owner buys this rate, comes as a 4x6 PDF: printable on a label printer or a phone.
          options: { label_format: 'PDF', label_size: '4x6' },
          ...(reference ? { reference } : {}),
        }),
      ),
    ),
  );
  const services = new Map<string, { rates: { id: string; cents: number; days?: number }[]; carrier: string }>();
  shipments.forEach((shipment, index) => {
    for (const rate of shipment.rates ?? []) {
      const key = `${rate.carrier}|${rate.service}`;
      const entry = services.get(key) ?? { rates: [], carrier: rate.carrier };
      // A service already priced for this parcel (a carrier's two accounts) keeps its first rate.
      if (entry.rates.length === index) {
        entry.rates.push({ id: rate.id, cents: toCents(rate.rate), days: rate.delivery_days ?? undefined });
        services.set(key, entry);
      }
    }
  });
  const offered: ShippingRate[] = [];
  for (const [key, entry] of services) {
    if (entry.rates.length !== parcels.length || entry.rates.some((rate) => !Number.isSafeInteger(rate.cents)))
      continue;
    const service = key.slice(entry.carrier.length + 1);
    const days = entry.rates.map((rate) => rate.days).filter((d): d is number => typeof d === 'number' && d > 0);
    offered.push({
      id: entry.rates.map((rate) => rate.id).join('+'),
      kind: 'calculated',
      label: rateLabel(entry.carrier, service),
      amount: entry.rates.reduce((sum, rate) => sum + rate.cents, 0),
      carrier: entry.carrier,
      service,
      ...(days.length === entry.rates.length ? { days: Math.max(...days) } : {}),
    });
  }
  return offered.sort((a, b) => a.amount - b.amount || a.label.localeCompare(b.label));
}

/**
 * The rate of `rateId` priced again by the provider: each parcel's rate read back, and its shipment checked to be
 * this parcel (its weight) to this ZIP; one carrier and service for all. UnknownRate when the provider does not know
 * an id or it is another cart's or address's; ProviderDown when it does not answer in time.
 */
export async function pricedAgain(
  client: EasyPost,
  rateId: string,
  parcels: readonly Parcel[],
  to: ShipTo,
): Promise<ShippingRate> {
  const ids = rateId.split('+');
  if (ids.length !== parcels.length) throw new UnknownRate('The rate is for another number of parcels.');
  const read = async (id: string, index: number) => {
    try {
      const rate = await retrieveRate(client, id);
      const shipment = await client.Shipment.retrieve(rate.shipment_id);
      if (
        shipment.parcel?.weight !== parcelOunces(parcels[index]) ||
        fiveDigits(shipment.to_address?.zip) !== fiveDigits(to.zip) ||
        !shipment.rates?.some((r) => r.id === id)
      )
        throw new UnknownRate("The rate is for another parcel or address than this checkout's.");
      return rate;
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 422) throw new UnknownRate('The provider has no such rate.');
      throw error;
    }
  };
  const rates = await inTime(Promise.all(ids.map(read)));
  const [first] = rates;
  if (rates.some((rate) => rate.carrier !== first.carrier || rate.service !== first.service))
    throw new UnknownRate('The parcels have rates of different services.');
  const cents = rates.map((rate) => toCents(rate.rate));
  if (cents.some((value) => !Number.isSafeInteger(value))) throw new ProviderDown('The provider answered no price.');
  const days = rates.map((rate) => rate.delivery_days).filter((d): d is number => typeof d === 'number' && d > 0);
  return {
    id: rateId,
    kind: 'calculated',
    label: rateLabel(first.carrier, first.service),
    amount: cents.reduce((sum, value) => sum + value, 0),
    carrier: first.carrier,
    service: first.service,
    ...(days.length === rates.length ? { days: Math.max(...days) } : {}),
  };
}

/** A tracker as the shop reads it (EasyPost's Tracker object: https://docs.easypost.com/docs/trackers). */
export interface ProviderTracker {
  id: string;
  trackingCode: string;
  carrier: string;
  status: string;
  estDeliveryDate: string | null;
}

/**
 * Registers a tracker for a parcel (`Tracker.create` with its tracking code and carrier): the provider then sends its
 * `tracker.updated` events to the shop's webhook. ProviderDown when it does not answer in time or refuses.
 */
export async function registerTracker(
  client: EasyPost,
  trackingCode: string,
  carrier: string,
): Promise<ProviderTracker> {
  const tracker = await inTime(client.Tracker.create({ tracking_code: trackingCode, carrier }));
  return {
    id: tracker.id,
    trackingCode: tracker.tracking_code,
    carrier: tracker.carrier,
    status: tracker.status,
    estDeliveryDate: tracker.est_delivery_date ?? null,
  };
}

/** The webhook's signature did not sign its body (or there was none). */
export class BadSignature extends Error {}

/**
 * A webhook's event, once the client's own `Utils.validateWebhook` found its `X-Hmac-Signature` (HMAC-SHA256 of the
 * body with the webhook secret) right; BadSignature otherwise.
 */
export function verifiedEvent(
  client: EasyPost,
  body: string,
  headers: Record<string, string | undefined>,
  secret: string,
): Record<string, unknown> {
  try {
    return client.Utils.validateWebhook(Buffer.from(body, 'utf8'), headers, secret) as Record<string, unknown>;
  } catch (error) {
    throw new BadSignature((error as Error).message);
  }
}
