import { SHOP_DESCRIPTION, SHOP_NAME } from '#shared/pages';
import type { FeedItem } from './items';

/** Google's namespace of product attributes in an RSS 2.0 feed. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The attributes RSS itself has (title, link, description): written without the `g:` prefix, as Google's example. */
const RSS_OWN = new Set(['title', 'link', 'description']);

function itemXml(item: FeedItem): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(item) as [string, string | string[] | undefined][]) {
    if (value === undefined) continue;
    const tag = RSS_OWN.has(name) ? name : `g:${name}`;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`      <${tag}>${escapeXml(one)}</${tag}>`);
  }
  return ['    <item>', ...lines, '    </item>'].join('\n');
}

/**
 * `/feeds/google.xml` (issue 55 item 2): RSS 2.0 with Google's `g:` namespace, one item per listed product and size
 * (functions/domain/feeds/items.ts), for Merchant Center's scheduled fetch.
 */
export function googleFeedXml(items: readonly FeedItem[], origin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '  <channel>',
    `    <title>${escapeXml(SHOP_NAME)}</title>`,
    `    <link>${escapeXml(`${origin}/`)}</link>`,
    `    <description>${escapeXml(SHOP_DESCRIPTION)}</description>`,
    ...items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
