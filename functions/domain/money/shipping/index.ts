import { goodsLines } from '#shared/gift-card-lines';
import { goodsSubtotal, type PricedLine } from '#shared/money';
import { packLinesOf, packOrder, type Parcel } from '#shared/parcels';
import {
  DEFAULT_SHIPPING_SETTINGS,
  FLAT_RATE_ID,
  FREE_RATE_ID,
  freeApplies,
  ownRates,
  SHIPPING_LIMITS,
  SHIPPING_WORDS,
  type ShippingRate,
  type ShippingSettings,
} from '#shared/shipping';
import { isSize } from '#shared/sizes';
import { products } from '../../../db/entities/product';
import { shopSettings } from '../../../db/entities/shop-settings';
import { badRequest } from '../../../lib/errors';
import { logger } from '../../../lib/logger';
import { calculatedRates, pricedAgain, ProviderDown, shippingClient, UnknownRate, type ShipTo } from './provider';

/**
 * The rates on offer and the one chosen (issue 53 item 2, docs/decisions/0161): the owner's settings, the order's
 * parcels, and the provider asked within its timeout. The shipping step shows `ratesOnOffer`; the card step and a
 * wallet's sheet price the chosen id with `chosenShipping`, never a price from the browser.
 */

/** The owner's shipping settings (one field of the shop's settings record); missing: the defaults. */
export async function readShippingSettings(): Promise<ShippingSettings> {
  const record = await shopSettings.get({ name: 'shop' });
  return { ...DEFAULT_SHIPPING_SETTINGS, ...record?.shipping };
}

/** PUT /api/admin/shipping/settings: the owner's rates on offer, from now on. */
export async function saveShippingSettings(settings: ShippingSettings): Promise<ShippingSettings> {
  await shopSettings.update({ name: 'shop' }, { set: { shipping: settings }, add: { version: 1 } }, { upsert: true });
  return readShippingSettings();
}

/** The parcels of an order's goods, from each product's weights and packing rule (gift cards ship nothing). */
export async function parcelsOf(lines: readonly { id: string; size: string; quantity: number }[]): Promise<Parcel[]> {
  const goods = goodsLines(lines);
  if (!goods.length) return [];
  const ids = [...new Set(goods.map((line) => line.id))];
  const byId = new Map((await products.getMany(ids.map((id) => ({ id })))).map((product) => [product.id, product]));
  return packOrder(
    packLinesOf(
      goods.map((line) => {
        const product = byId.get(line.id);
        return {
          size: isSize(line.size) ? line.size : 'CANDLE',
          quantity: line.quantity,
          product: product
            ? { tag: product.tag, weightGrams: product.weightGrams, packing: product.packing }
            : undefined,
        };
      }),
    ),
  );
}

export interface RatesOnOffer {
  rates: ShippingRate[];
  /** Said beside the rates: the provider did not answer, or the order ships in too many parcels. */
  notice?: string;
}

type Calculated = { rates: ShippingRate[] } | { down: string } | { off: true; notice?: string };

/** The provider's rates when the owner offers them and it is set up; `down` when it did not answer in time. */
async function askProvider(settings: ShippingSettings, parcels: readonly Parcel[], to: ShipTo): Promise<Calculated> {
  if (!settings.calculated || !settings.shipFrom || !parcels.length) return { off: true };
  if (parcels.length > SHIPPING_LIMITS.maxCalculatedParcels)
    return { off: true, notice: SHIPPING_WORDS.tooManyParcels };
  const client = await shippingClient();
  if (!client) return { off: true };
  try {
    return { rates: await calculatedRates(client, parcels, settings.shipFrom, to) };
  } catch (error) {
    logger.warn('The shipping provider did not answer; the flat rate is offered', { error: error as Error });
    return { down: (error as Error).message };
  }
}

/**
 * POST /api/checkout/shipping-rates: the rates the shipping step offers for the cart and the address: free shipping
 * when the goods reach the owner's amount, the provider's rates (cheapest first) when the owner offers them, and the
 * flat rate when the owner offers it, or whenever the provider offers nothing (not set up, too many parcels, or no
 * answer in time: then it says so). Nothing is stored; the card step prices the chosen id again.
 */
export async function ratesOnOffer(
  lines: readonly PricedLine[] & readonly { id: string; size: string; quantity: number }[],
  to: ShipTo,
): Promise<RatesOnOffer> {
  const settings = await readShippingSettings();
  const parcels = await parcelsOf(lines);
  if (!parcels.length) return { rates: [] };
  const own = ownRates(settings, goodsSubtotal(lines));
  const free = own.filter((rate) => rate.kind === 'free');
  const flat = own.filter((rate) => rate.kind === 'flat');
  const calculated = await askProvider(settings, parcels, to);
  if ('rates' in calculated && calculated.rates.length)
    return { rates: [...free, ...calculated.rates, ...(settings.offerFlat ? flat : [])] };
  const notice =
    'down' in calculated ? SHIPPING_WORDS.providerDown : 'off' in calculated ? calculated.notice : undefined;
  return { rates: [...free, ...flat], ...(notice ? { notice } : {}) };
}

export interface ChosenShipping {
  /** The rate priced; none when nothing ships (gift cards only). */
  rate?: ShippingRate;
  /** The flat rate took the place of the chosen one: the provider did not answer in time. */
  notice?: string;
}

const flatRate = (settings: ShippingSettings): ShippingRate =>
  ownRates(settings, 0).find((rate) => rate.kind === 'flat')!;

/**
 * The chosen rate priced by the server (the card step, a wallet's sheet): `flat` (also when none is named),
 * `free` when the goods reach the owner's amount, or a calculated rate priced again by the provider from its ids and
 * checked to be this cart's parcels to this ZIP. A made-up or another cart's id is refused (400); a provider that does
 * not answer in time gives the flat rate, and the answer says so. Flat when the owner offers only calculated rates is
 * taken only when the provider does not answer.
 */
export async function chosenShipping(
  lines: readonly PricedLine[] & readonly { id: string; size: string; quantity: number }[],
  to: ShipTo,
  rateId: string | undefined,
): Promise<ChosenShipping> {
  const parcels = await parcelsOf(lines);
  if (!parcels.length) return {};
  const settings = await readShippingSettings();
  const id = rateId ?? FLAT_RATE_ID;
  if (id === FREE_RATE_ID) {
    if (settings.freeOverCents === null || !freeApplies(settings, goodsSubtotal(lines))) {
      const message =
        settings.freeOverCents === null
          ? SHIPPING_WORDS.unknownRate
          : SHIPPING_WORDS.freeNotMet(settings.freeOverCents);
      throw badRequest(message, { shippingRateId: message });
    }
    return { rate: ownRates(settings, Number.MAX_SAFE_INTEGER)[0] };
  }
  if (id === FLAT_RATE_ID) {
    if (settings.offerFlat) return { rate: flatRate(settings) };
    const calculated = await askProvider(settings, parcels, to);
    if ('rates' in calculated && calculated.rates.length)
      throw badRequest(SHIPPING_WORDS.chooseRate, { shippingRateId: SHIPPING_WORDS.chooseRate });
    return { rate: flatRate(settings), ...('down' in calculated ? { notice: SHIPPING_WORDS.providerDown } : {}) };
  }
  const client = settings.calculated && settings.shipFrom ? await shippingClient() : null;
  if (!client) throw badRequest(SHIPPING_WORDS.unknownRate, { shippingRateId: SHIPPING_WORDS.unknownRate });
  try {
    return { rate: await pricedAgain(client, id, parcels, to) };
  } catch (error) {
    if (error instanceof UnknownRate)
      throw badRequest(SHIPPING_WORDS.unknownRate, { shippingRateId: SHIPPING_WORDS.unknownRate });
    if (!(error instanceof ProviderDown)) throw error;
    logger.warn('The shipping provider did not answer; the order ships at the flat rate', { error });
    return { rate: flatRate(settings), notice: SHIPPING_WORDS.providerDown };
  }
}
