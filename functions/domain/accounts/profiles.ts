import type { ShippingProfile } from '../../../shared/schemas/address';
import { db } from '../../db/service';
import { notFound } from '../../lib/errors';

export async function getProfiles(userId: string): Promise<ShippingProfile[]> {
  return ((await db().entities.shippingProfiles.get({ userId }).go()).data?.profiles ?? []) as ShippingProfile[];
}

export async function saveProfiles(userId: string, profiles: ShippingProfile[]): Promise<ShippingProfile[]> {
  await db().entities.shippingProfiles.put({ userId, profiles }).go();
  return profiles;
}

export async function deleteProfile(userId: string, index: number): Promise<ShippingProfile[]> {
  const profiles = await getProfiles(userId);
  if (index >= profiles.length) throw notFound('That shipping profile does not exist.');
  return saveProfiles(userId, profiles.filter((_, i) => i !== index));
}
