import { PAGE_ROUTES } from '#shared/routes/pages';
import { renderPage } from '../../domain/pages/render';
import { defineHandler, rawReply } from '../../lib/http';
import { siteUrl } from '../../lib/site-url';

/**
 * The shop's origin for absolute URLs: SITE_URL in AWS (the API sees its own host), the address the shop was
 * opened under locally (the gateway checked its Host); the request's own Host only when neither is known (tests).
 */
function originOf(headers: Record<string, string | undefined>): string {
  const site = siteUrl();
  if (site) return site;
  const host = (headers['x-forwarded-host'] ?? headers.host ?? 'localhost').split(',')[0].trim();
  return `${headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${host}`;
}

export const handler = defineHandler(PAGE_ROUTES, 'pages/render-page', async ({ event }) => {
  const page = await renderPage(event.rawPath || '/', originOf(event.headers ?? {}), event.queryStringParameters ?? {});
  return rawReply(page.status, page.body, page.contentType, {
    'cache-control': page.cacheControl,
    ...(page.location ? { location: page.location } : {}),
  });
});
