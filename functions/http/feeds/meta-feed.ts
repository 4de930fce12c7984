import { FEED_ROUTES } from '#shared/routes/feeds';
import { FEED_CACHE_CONTROL, metaFeed } from '../../domain/feeds/catalog';
import { feedOrigin } from '../../domain/feeds/origin';
import { defineHandler, rawReply } from '../../lib/http';

/** GET /feeds/meta.csv: Meta's catalog feed, the same items in Meta's columns. */
export const handler = defineHandler(FEED_ROUTES, 'feeds/meta-feed', async ({ event }) =>
  rawReply(200, await metaFeed(feedOrigin(event.headers ?? {})), 'text/csv; charset=utf-8', {
    'cache-control': FEED_CACHE_CONTROL,
    'content-disposition': 'inline; filename="meta.csv"',
  }),
);
