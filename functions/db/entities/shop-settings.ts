import type { ShippingSettings } from '#shared/shipping';
import { model, type Timestamps } from '../table';

/**
 * The owner's settings of the shop, one record (key `settings#shop`), edited in the admin (PUT /api/admin/settings).
 * A missing record or field reads as its default (shared/reminders.ts): a new stage needs no setup.
 */
export interface ShopSettingsRecord extends Timestamps {
  name: 'shop';
  /** Minutes after the card step a checkout's reminder is sent; 0: reminders are off (docs/decisions/0079). */
  reminderDelayMinutes?: number;
  /** The brand the feeds name for a product without its own; missing: the shop's name (shared/product-details.ts). */
  defaultBrand?: string;
  /** The rates on offer at the shipping step (issue 53; shared/shipping.ts); missing: the flat rate only. */
  shipping?: ShippingSettings;
  version: number;
}

export const shopSettings = model<ShopSettingsRecord, 'name', 'version'>({
  entity: 'settings',
  pk: ['name'],
  defaults: () => ({ version: 1 }),
});
