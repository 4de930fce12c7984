import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  SECURITY_HEADERS,
  STRIPE_CSP_SOURCES,
} from './security-headers';

/** The CSP as a map: directive -> sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('content security policy', () => {
  test('Stripe.js gets its script, its two frame hosts and its API, and nothing else from outside', () => {
    const csp = directives(CONTENT_SECURITY_POLICY);
    expect(csp['script-src']).toEqual(["'self'", ...STRIPE_CSP_SOURCES.script]);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    const outside = Object.values(csp)
      .flat()
      .filter((source) => /^https?:/.test(source));
    expect([...new Set(outside)].sort()).toEqual([
      'https://api.stripe.com',
      'https://hooks.stripe.com',
      'https://js.stripe.com',
    ]);
  });

  test('no wildcard host, no eval, not framed, no plugins', () => {
    const csp = directives(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/\*|unsafe-eval/);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  test('AWS adds exactly the origins it is given to connect-src (Cognito, the image bucket)', () => {
    const aws = directives(
      contentSecurityPolicy({
        connectSrc: ['https://cognito-idp.eu-west-1.amazonaws.com', 'https://b.s3.eu-west-1.amazonaws.com'],
      }),
    );
    expect(aws['connect-src']).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://b.s3.eu-west-1.amazonaws.com',
    ]);
    const { 'connect-src': _aws, ...restAws } = aws;
    const { 'connect-src': _local, ...restLocal } = directives(CONTENT_SECURITY_POLICY);
    expect(restAws).toEqual(restLocal);
  });

  test('the local gateway headers: CSP, nosniff, no framing, referrer policy', () => {
    expect(SECURITY_HEADERS).toEqual({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
  });
});
