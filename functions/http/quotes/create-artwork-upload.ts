import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { createArtworkUpload } from '../../domain/quotes/artwork';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/create-artwork-upload', async ({ body }) =>
  reply(201, await createArtworkUpload(body)),
);
