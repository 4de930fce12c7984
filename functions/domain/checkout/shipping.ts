import type { CheckoutLine, ShippingRatesBody } from '#shared/schemas/checkout';
import type { ShippingRatesAnswer } from '#shared/schemas/shipping';
import type { ShippingSettings } from '#shared/shipping';
import { priceCart } from '../money/pricing';
import { ratesOnOffer, readShippingSettings, saveShippingSettings } from '../money/shipping';
import { OutOfStockError } from '../stock/counts';

/**
 * POST /api/checkout/shipping-rates (issue 53 item 2): the rates the shipping step offers for the cart at the address
 * typed so far (its state and ZIP at least): free shipping over the owner's amount, the provider's rates for the
 * order's parcels, the flat rate. Priced from stored products; nothing is stored or held; the card step prices the
 * chosen rate again. A product no longer sold is named (409), as at the card step.
 */
export async function shippingRates(input: { cart: CheckoutLine[]; shipTo: ShippingRatesBody['shipTo'] }) {
  const { lines, unavailable } = await priceCart(input.cart);
  if (unavailable.length) throw new OutOfStockError(unavailable);
  return ratesOnOffer(lines, input.shipTo) satisfies Promise<ShippingRatesAnswer>;
}

/** GET /api/admin/shipping/settings */
export const getShippingSettings = (): Promise<ShippingSettings> => readShippingSettings();
/** PUT /api/admin/shipping/settings: the rates on offer from now on (checkouts priced before keep theirs). */
export const putShippingSettings = (settings: ShippingSettings): Promise<ShippingSettings> =>
  saveShippingSettings(settings);
