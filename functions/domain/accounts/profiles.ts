import type { ShippingProfile } from '../../../shared/schemas/address';
import { db } from '../../db/service';
import { conflict, notFound } from '../../lib/errors';

export async function getProfiles(userId: string): Promise<ShippingProfile[]> {
  return ((await db().entities.shippingProfiles.get({ userId }).go()).data?.profiles ?? []) as ShippingProfile[];
}

/** Replaces the customer's list (validated and sanitised by shippingProfilesBodySchema). */
export async function saveProfiles(userId: string, profiles: ShippingProfile[]): Promise<ShippingProfile[]> {
  await db().entities.shippingProfiles.put({ userId, profiles }).go();
  return profiles;
}

/** Whether a write failed on its condition (DynamoDB's exception, possibly wrapped by ElectroDB). */
function isConditionFailure(error: unknown): boolean {
  for (let e = error as { name?: string; code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === 'ConditionalCheckFailedException' || e.code === 'ConditionalCheckFailedException') return true;
  }
  return false;
}

/**
 * Removes one profile, on the condition that the stored list is still exactly the one read: a save or another
 * delete in between answers 409 instead of removing the wrong profile or bringing back a replaced list.
 */
export async function deleteProfile(userId: string, index: number): Promise<ShippingProfile[]> {
  const { shippingProfiles } = db().entities;
  const record = (await shippingProfiles.get({ userId }).go({ consistent: true })).data;
  const profiles = (record?.profiles ?? []) as ShippingProfile[];
  if (!record || index >= profiles.length) throw notFound('That shipping profile does not exist.');
  const remaining = profiles.filter((_, i) => i !== index);
  try {
    await shippingProfiles
      .patch({ userId })
      .set({ profiles: remaining })
      .where((attr, { eq }) => eq(attr.profiles, record.profiles))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('Your shipping profiles changed meanwhile. Reload and try again.');
    throw error;
  }
  return remaining;
}
