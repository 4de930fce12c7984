import { FEED_PATHS } from '../feeds';
import type { RouteDef } from './types';

/**
 * The product feeds (issue 55 items 2 and 3; docs/decisions/0150): public, read-only, one function each. In AWS
 * CloudFront keeps each 15 minutes (infra/lib/site.ts); the local gateway sends /feeds/* here (shared/feeds.ts).
 * `origin`: the shop's public origin (SITE_URL) for absolute links and pictures (no SPA bucket).
 */
export const FEED_ROUTES = [
  {
    method: 'GET',
    path: FEED_PATHS.google,
    handler: 'feeds/google-feed',
    access: 'public',
    table: 'read',
    uses: ['origin'],
    answers: 'application/xml',
    summary:
      "Google Merchant Center's feed: RSS 2.0 with the g: namespace, one item per listed product and size (sold out too)",
  },
  {
    method: 'GET',
    path: FEED_PATHS.meta,
    handler: 'feeds/meta-feed',
    access: 'public',
    table: 'read',
    uses: ['origin'],
    answers: 'text/csv',
    summary: "Meta's catalog feed: the same items as CSV in Meta's columns",
  },
] as const satisfies readonly RouteDef[];
