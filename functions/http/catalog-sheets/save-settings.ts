import { adminSaveCatalogSettings } from '#shared/routes/catalog-sheets';
import { catalogSettings } from '../../domain/catalog-sheet/settings';
import { feedOrigin } from '../../domain/feeds/origin';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminSaveCatalogSettings], 'catalog-sheets/save-settings', ({ event, body }) =>
  catalogSettings(feedOrigin(event.headers ?? {}), body.defaultBrand),
);
