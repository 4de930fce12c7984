import { quoteCheckArtwork } from '#shared/routes/quotes';
import { checkArtwork } from '../../domain/quotes/artwork';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([quoteCheckArtwork], 'quotes/check-artwork', async ({ params }) =>
  checkArtwork(params.uploadId),
);
