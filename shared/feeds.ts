/**
 * The product feeds (issue 55 items 2 and 3): Google Merchant Center's RSS feed and Meta's catalog CSV, served at the
 * shop's own origin (in AWS through CloudFront, which keeps each for FEED_EDGE_SECONDS; locally by the gateway).
 */
export const FEED_PATHS = { google: '/feeds/google.xml', meta: '/feeds/meta.csv' } as const;

/** The CloudFront behaviour's path pattern, and what the local gateway sends to the API door. */
export const FEED_PATTERN = '/feeds/*';

/**
 * How long CloudFront keeps a feed (15 minutes): Google and Meta fetch a few times a day, so a sale or a restock shows
 * within the quarter hour without the feed being rebuilt for every order (docs/decisions/0150).
 */
export const FEED_EDGE_SECONDS = 900;

/** Whether a path is one of the feeds. */
export const isFeedPath = (pathname: string) => (Object.values(FEED_PATHS) as string[]).includes(pathname);
