import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { checkArtwork } from '../../domain/quotes/artwork';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/check-artwork', async ({ params }) =>
  checkArtwork(params.uploadId),
);
