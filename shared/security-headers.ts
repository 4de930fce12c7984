/**
 * Response headers of the SPA, the same locally (gateway) and in AWS (CloudFront response-headers policy):
 * one builder, so the two cannot drift. The CSP allows what Stripe.js needs (its script, its two frame hosts,
 * its API) and nothing else from outside; in AWS the browser also talks to Cognito's regional endpoint and
 * uploads admin images straight to the image bucket (presigned PUT), which locally go through the same origin.
 */

/** What Stripe.js needs (Stripe's CSP guidance for Elements and 3-D Secure frames). */
export const STRIPE_CSP_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export interface CspOptions {
  /** Origins the SPA calls besides its own and Stripe's (in AWS: Cognito's endpoint and the image bucket). */
  connectSrc?: readonly string[];
}

/** The Content-Security-Policy header value. */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_CSP_SOURCES.script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...STRIPE_CSP_SOURCES.connect, ...(options.connectSrc ?? [])].join(' '),
    `frame-src ${STRIPE_CSP_SOURCES.frame.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Sent on every HTTPS response in AWS (two years, subdomains too); not locally, where the shop is plain HTTP. */
export const HSTS = { maxAgeSeconds: 63_072_000, includeSubdomains: true } as const;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The local CSP: Cognito, S3 and SES stand-ins sit behind the same origin. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The headers the local gateway sends with the SPA's files. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'x-frame-options': 'DENY',
};
