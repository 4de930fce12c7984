import type { ShippingProfile } from '../../../shared/schemas/address';
import { db } from '../../db/service';
import { conflict, notFound } from '../../lib/errors';

export async function getProfiles(userId: string): Promise<ShippingProfile[]> {
  return ((await db().entities.shippingProfiles.get({ userId }).go()).data?.profiles ?? []) as ShippingProfile[];
}

export async function saveProfiles(userId: string, profiles: ShippingProfile[]): Promise<ShippingProfile[]> {
  await db().entities.shippingProfiles.put({ userId, profiles }).go();
  return profiles;
}

/** Removes one profile, on the condition the list is still the one read (two deletes at once remove one each). */
export async function deleteProfile(userId: string, index: number): Promise<ShippingProfile[]> {
  const record = (await db().entities.shippingProfiles.get({ userId }).go({ consistent: true })).data;
  const profiles = (record?.profiles ?? []) as ShippingProfile[];
  if (!record || index >= profiles.length) throw notFound('That shipping profile does not exist.');
  const remaining = profiles.filter((_, i) => i !== index);
  try {
    await db()
      .entities.shippingProfiles.patch({ userId })
      .set({ profiles: remaining })
      .where((attr, { eq }) => eq(attr.updatedAt, record.updatedAt))
      .go();
  } catch {
    throw conflict('Your shipping profiles changed meanwhile. Reload and try again.');
  }
  return remaining;
}
