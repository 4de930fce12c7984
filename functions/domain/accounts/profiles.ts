import { hasShipTo } from '#shared/order-address';
import { sameShipTo, shipToOfProfile, type ShippingProfile } from '#shared/schemas/address';
import { orders } from '../../db/entities/order';
import { shippingProfiles } from '../../db/entities/shipping-profiles';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';

export async function getProfiles(userId: string): Promise<ShippingProfile[]> {
  return (await shippingProfiles.get({ userId }))?.profiles ?? [];
}

/** Orders read for the latest one that shipped somewhere (gift-card-only orders between have no address). */
const ORDERS_READ_FOR_LAST_ADDRESS = 10;

/**
 * The profiles with the one the customer's latest order with an address shipped to (`lastUsed`: its index, or null
 * when that order went elsewhere or there is none yet; an order of gift cards only has no address: issue 50 item 9):
 * checkout starts from it (issue 34 item 4).
 */
export async function readProfiles(userId: string): Promise<{ data: ShippingProfile[]; lastUsed: number | null }> {
  const [profiles, latest] = await Promise.all([
    getProfiles(userId),
    orders.query('byCustomer', { customer: userId }, { order: 'desc', limit: ORDERS_READ_FOR_LAST_ADDRESS }),
  ]);
  const shipTo = latest.map((order) => order.shippingAddress).find(hasShipTo);
  const index = shipTo ? profiles.findIndex((p) => sameShipTo(shipToOfProfile(p), shipTo)) : -1;
  return { data: profiles, lastUsed: index >= 0 ? index : null };
}

/** Replaces the customer's list (validated and sanitised by shippingProfilesBodySchema). */
export async function saveProfiles(userId: string, profiles: ShippingProfile[]): Promise<ShippingProfile[]> {
  await shippingProfiles.put({ userId, profiles });
  return profiles;
}

/**
 * Removes one profile, on the condition that the stored list is still exactly the one read: a save or another
 * delete in between answers 409 instead of removing the wrong profile or bringing back a replaced list.
 */
export async function deleteProfile(userId: string, index: number): Promise<ShippingProfile[]> {
  const record = await shippingProfiles.get({ userId }, { consistent: true });
  const profiles = record?.profiles ?? [];
  if (!record || index >= profiles.length) throw notFound('That shipping profile does not exist.');
  const remaining = profiles.filter((_, i) => i !== index);
  try {
    await shippingProfiles.update(
      { userId },
      { set: { profiles: remaining } },
      { when: { equals: { profiles: record.profiles } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('Your shipping profiles changed meanwhile. Reload and try again.');
    throw error;
  }
  return remaining;
}
