import { FEED_PATHS } from '#shared/feeds';
import type { CatalogSettings } from '#shared/schemas/catalog-sheet';
import { readDefaultBrand, saveDefaultBrand } from '../catalog/settings';

/** The owner's catalogue settings: the default brand, and the feeds' addresses to give Google and Meta. */
export async function catalogSettings(origin: string, brand?: string): Promise<CatalogSettings> {
  const defaultBrand = brand === undefined ? await readDefaultBrand() : await saveDefaultBrand(brand);
  return { defaultBrand, feeds: { google: `${origin}${FEED_PATHS.google}`, meta: `${origin}${FEED_PATHS.meta}` } };
}
