import type { ShippingProfile } from '#shared/schemas/address';
import { model, type Timestamps } from '../table';

/** A customer's list of shipping profiles, one record per user. */
export interface ShippingProfilesRecord extends Timestamps {
  userId: string;
  profiles: ShippingProfile[];
}

export const shippingProfiles = model<ShippingProfilesRecord, 'userId', 'profiles'>({
  entity: 'shippingProfiles',
  pk: ['userId'],
  defaults: () => ({ profiles: [] }),
});
