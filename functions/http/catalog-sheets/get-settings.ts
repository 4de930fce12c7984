import { adminGetCatalogSettings } from '#shared/routes/catalog-sheets';
import { catalogSettings } from '../../domain/catalog-sheet/settings';
import { feedOrigin } from '../../domain/feeds/origin';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminGetCatalogSettings], 'catalog-sheets/get-settings', ({ event }) =>
  catalogSettings(feedOrigin(event.headers ?? {})),
);
