import { DEFAULT_BRAND } from '#shared/product-details';
import { shopSettings } from '../../db/entities/shop-settings';

/** The brand the feeds name for a product without its own: the owner's setting, or the shop's name. */
export async function readDefaultBrand(): Promise<string> {
  const record = await shopSettings.get({ name: 'shop' });
  return record?.defaultBrand || DEFAULT_BRAND;
}

/** The owner sets the shop's default brand ('' goes back to the shop's name); the feeds name it from their next read. */
export async function saveDefaultBrand(brand: string): Promise<string> {
  await shopSettings.update(
    { name: 'shop' },
    brand ? { set: { defaultBrand: brand }, add: { version: 1 } } : { remove: ['defaultBrand'], add: { version: 1 } },
    { upsert: true },
  );
  return readDefaultBrand();
}
