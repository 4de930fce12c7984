import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { artworkLink } from '../../domain/quotes/files';
import { quoteByLink } from '../../domain/quotes/quotes';
import { defineHandler, rawReply } from '../../lib/http';

/** The shopper's download: on to a one-minute presigned GET that S3 answers as an attachment (never rendered). */
export const handler = defineHandler(QUOTE_ROUTES, 'quotes/download-artwork', async ({ params, query }) => {
  const { url } = await artworkLink(await quoteByLink(params.quoteId, query.t), params.fileId);
  return rawReply(303, '', 'text/plain', { location: url, 'cache-control': 'no-store' });
});
