import { siteUrl } from '../../lib/site-url';

/**
 * The shop's origin for a feed's absolute links and pictures: SITE_URL in AWS (the API sees its own host), the address
 * the shop was opened under locally; the request's own Host only when neither is known (tests), as the page function.
 */
export function feedOrigin(headers: Record<string, string | undefined>): string {
  const site = siteUrl();
  if (site) return site;
  const host = (headers['x-forwarded-host'] ?? headers.host ?? 'localhost').split(',')[0].trim();
  return `${headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${host}`;
}
