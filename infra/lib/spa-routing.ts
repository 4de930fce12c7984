import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APPLE_PAY_DOMAIN_FILE, FIRST_SCREEN_FILES, NOT_FOUND_PATH, SPA_ROUTE_PATTERN } from '#shared/pages';

/** The API origin's id: the routing function sends the home page and unknown addresses to it by this id. */
export const API_ORIGIN_ID = 'shop-api';

/** The routing function's source: plain JavaScript for CloudFront's runtime 2.0, beside this file. */
export const SPA_ROUTING_FILE = path.join(__dirname, 'spa-routing-function.js');

/** CloudFront Functions take at most 10 KB of code. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10_240;

/** The names spa-routing-function.js leaves to be filled in, and what each becomes (a JavaScript literal). */
const FILLED_IN: Record<string, string> = {
  SPA_ROUTE_PATTERN: JSON.stringify(SPA_ROUTE_PATTERN),
  API_ORIGIN_ID: `'${API_ORIGIN_ID}'`,
  NOT_FOUND_PATH: `'${NOT_FOUND_PATH}'`,
  APPLE_PAY_DOMAIN_FILE: `'${APPLE_PAY_DOMAIN_FILE}'`,
  FIRST_SCREEN_FILES: JSON.stringify(FIRST_SCREEN_FILES),
};

/**
 * The code CloudFront runs: spa-routing-function.js from its import line on (its leading comment stays in the
 * repository, out of the 10 KB), with the SPA's routes, the API origin's id and the not-found path filled in.
 */
export function spaRoutingCode(source: string = readFileSync(SPA_ROUTING_FILE, 'utf8')): string {
  const start = source.indexOf("import cf from 'cloudfront';");
  if (start < 0)
    throw new Error(`${SPA_ROUTING_FILE} must import the cloudfront module (runtime 2.0: selectRequestOriginById)`);
  return source
    .slice(start)
    .replace(new RegExp(`\\b(${Object.keys(FILLED_IN).join('|')})\\b`, 'g'), (name) => FILLED_IN[name])
    .trimEnd();
}

/** The routing function's code as deployed (infra/lib/site.ts). */
export const SPA_ROUTING_CODE = spaRoutingCode();
