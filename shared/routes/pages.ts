import * as z from '../schemas/zod';
import type { RouteDef, SuccessStatus } from './types';

/**
 * The page function (functions/http/pages/render-page.ts): one function behind every path a crawler reads
 * (shared/pages.ts PAGE_PATTERNS; CloudFront sends only those here). These routes share that one function
 * (infra creates one function per handler). `/{page}` answers the static pages by name and 404 for any other (the
 * routing function sends every address the SPA does not know to `/404`, shared/pages.ts NOT_FOUND_PATH).
 * A path parameter of a page is any segment: an unknown one is a page that says so (404), never a JSON 400.
 */
const segment = z.string();
const page = (path: string, answers: NonNullable<RouteDef['answers']>, summary: string, notFound?: string) =>
  ({
    method: 'GET',
    path,
    handler: 'pages/render-page',
    access: 'public',
    table: 'read',
    uses: ['site'],
    ...(path.includes('{')
      ? { params: Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, segment])) }
      : {}),
    answers,
    success: (path.includes('{') ? [200, 301] : [200]) as readonly SuccessStatus[],
    ...(notFound ? { refusals: { 404: notFound } } : {}),
    summary,
  }) as const;

export const PAGE_ROUTES = [
  page(
    '/',
    'text/html',
    'The home page with its head (in AWS the routing function of the default behaviour sends / here)',
  ),
  page(
    '/{page}',
    'text/html',
    'A static page (about, FAQs, policies, forms) with its head; 404 for other names',
    'No static page has this name: the not-found page',
  ),
  {
    ...page(
      '/search',
      'text/html',
      'Search results (?q=) with their first page drawn in the HTML (never indexed); without words, the search hint',
    ),
    // Each new phrase passes CloudFront to the search, as GET /api/products/search does.
    rateLimit: 'search',
  },
  page(
    '/product/{id}',
    'text/html',
    'A product page with its head and JSON-LD Product; 404 for an unknown or drafted product',
    'No listed product has this id: the not-found page',
  ),
  page(
    '/product-list/{category}',
    'text/html',
    'A category page with its head; 404 for an unknown category',
    'No category has this slug: the not-found page',
  ),
  page('/sitemap.xml', 'application/xml', 'Static pages, categories and listed products for crawlers'),
  page('/robots.txt', 'text/plain', 'Crawler rules and the sitemap location'),
] as const satisfies readonly RouteDef[];
