import { formatCents, toCents } from '#shared/money';
import { SHIPPING_LIMITS, SHIPPING_WORDS, type ShippingSettings } from '#shared/shipping';

/** The Shipping page's form as typed: amounts in dollars, the ship-from address line by line (blank: none). */
export interface ShippingDraft {
  offerFlat: boolean;
  flat: string;
  freeOver: string;
  calculated: boolean;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/** The settings as the form shows them. */
export function shippingDraftOf(settings: ShippingSettings): ShippingDraft {
  const from = settings.shipFrom;
  return {
    offerFlat: settings.offerFlat,
    flat: formatCents(settings.flatCents),
    freeOver: settings.freeOverCents === null ? '' : formatCents(settings.freeOverCents),
    calculated: settings.calculated,
    name: from?.name ?? '',
    address: from?.street1 ?? '',
    city: from?.city ?? '',
    state: from?.state ?? '',
    zip: from?.zip ?? '',
    phone: from?.phone ?? '',
  };
}

const dollars = (text: string) => {
  const cents = toCents(text);
  return Number.isNaN(cents) || cents > SHIPPING_LIMITS.maxCents ? null : cents;
};

/**
 * The dollar fields that cannot be read, each with its sentence in dollars (the API takes cents and would answer in
 * cents), checked before anything is sent. A blank free-shipping amount is "never".
 */
export function shippingDollarProblems(draft: ShippingDraft): Partial<Record<keyof ShippingDraft, string>> {
  const problems: Partial<Record<keyof ShippingDraft, string>> = {};
  if (dollars(draft.flat) === null) problems.flat = SHIPPING_WORDS.settingsDollars;
  if (draft.freeOver.trim() !== '' && dollars(draft.freeOver) === null)
    problems.freeOver = SHIPPING_WORDS.settingsDollars;
  return problems;
}

const ADDRESS_KEYS = ['name', 'address', 'city', 'state', 'zip', 'phone'] as const;

/** What is sent (PUT /api/admin/shipping/settings): cents, and the ship-from address, or null when all of it is blank. */
export function shippingBodyOf(draft: ShippingDraft): ShippingSettings {
  const blank = ADDRESS_KEYS.every((key) => draft[key].trim() === '');
  return {
    offerFlat: draft.offerFlat,
    flatCents: toCents(draft.flat),
    freeOverCents: draft.freeOver.trim() === '' ? null : toCents(draft.freeOver),
    calculated: draft.calculated,
    shipFrom: blank
      ? null
      : {
          name: draft.name,
          street1: draft.address,
          city: draft.city,
          state: draft.state,
          zip: draft.zip,
          phone: draft.phone,
        },
  };
}

const FIELD_OF: Record<string, keyof ShippingDraft> = {
  flatCents: 'flat',
  freeOverCents: 'freeOver',
  'shipFrom.street1': 'address',
};

/** A message's key (the request's path, from the shared schema or the server) as the form's field. */
export const shippingFieldOf = (key: string): string => FIELD_OF[key] ?? key.replace(/^shipFrom\./, '');
