import { FEED_ROUTES } from '#shared/routes/feeds';
import { FEED_CACHE_CONTROL, googleFeed } from '../../domain/feeds/catalog';
import { feedOrigin } from '../../domain/feeds/origin';
import { defineHandler, rawReply } from '../../lib/http';

/** GET /feeds/google.xml: Google Merchant Center's feed of every listed product and size. */
export const handler = defineHandler(FEED_ROUTES, 'feeds/google-feed', async ({ event }) =>
  rawReply(200, await googleFeed(feedOrigin(event.headers ?? {})), 'application/xml; charset=utf-8', {
    'cache-control': FEED_CACHE_CONTROL,
  }),
);
