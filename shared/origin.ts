/**
 * The shop's front door (docs/decisions/0066): CloudFront adds this header, with a secret value, to every request
 * it sends to the API (an origin custom header, which replaces any header of that name a viewer sent), and every
 * API function refuses a request without it. The API's own URL (`*.execute-api...`) answers anyone, but without
 * the header nothing past the door: no limit of the web ACL is skipped. Locally the gateway plays CloudFront.
 */
export const ORIGIN_HEADER = 'x-origin-verify';

/** The 403 a request that did not come through the shop's address gets (the shop's error format). */
export const ORIGIN_REFUSED_MESSAGE = "This address answers only through the shop's own website.";
