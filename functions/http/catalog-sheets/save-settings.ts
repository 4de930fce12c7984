import { CATALOG_SHEET_ROUTES } from '#shared/routes/catalog-sheets';
import { catalogSettings } from '../../domain/catalog-sheet/settings';
import { feedOrigin } from '../../domain/feeds/origin';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CATALOG_SHEET_ROUTES, 'catalog-sheets/save-settings', ({ event, body }) =>
  catalogSettings(feedOrigin(event.headers ?? {}), body.defaultBrand),
);
