import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { PAGE_PATTERNS } from '#shared/pages';
import { STRIPE_CSP_SOURCES } from '#shared/security-headers';
import type { ShopStack } from '../lib/shop-stack';
import { OPENAPI_PATH } from '#shared/openapi';
import { CATEGORY_PAGES, SEARCH_PAGE } from '#shared/pages';
import { CATALOG_QUERY_PARAMETERS, PRODUCT_LIST_PATH } from '../lib/site';
import { FULL_CONTEXT, renderCfnString, resourcesOf, synthShop } from './synth';

/**
 * Point 5 (S3 + CloudFront) of the production issue: the distribution's behaviours, its security headers and a custom
 * domain. The buckets, the SPA upload and the page function's reads: site-content.test.ts; the routing function:
 * spa-routing.test.ts.
 */
let stack: ShopStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synthShop({ context: FULL_CONTEXT }));
});

const idOf = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]);
const distributionConfig = () =>
  Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
type Behaviour = { PathPattern?: string; [key: string]: unknown };
const allBehaviours = (): Behaviour[] => [
  distributionConfig().DefaultCacheBehavior,
  ...distributionConfig().CacheBehaviors,
];
const behaviour = (pattern: string): Behaviour =>
  distributionConfig().CacheBehaviors.find((b: Behaviour) => b.PathPattern === pattern);

describe('CloudFront behaviours', () => {
  test("the product list (exact path, GET/HEAD) comes before /api/* and is cached by the API's own Cache-Control", () => {
    const patterns = distributionConfig().CacheBehaviors.map((b: Behaviour) => b.PathPattern);
    expect(patterns.indexOf(PRODUCT_LIST_PATH)).toBeLessThan(patterns.indexOf('/api/*'));
    const products = behaviour(PRODUCT_LIST_PATH);
    expect(products.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(products.OriginRequestPolicyId).toBeUndefined();
    expect(products.TargetOriginId).toBe(behaviour('/api/*').TargetOriginId);

    const [policyId, policy] = Object.entries(resourcesOf(template, 'AWS::CloudFront::CachePolicy'))[0];
    expect(products.CachePolicyId).toEqual({ Ref: policyId });
    const config = policy.Properties.CachePolicyConfig;
    expect(config).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 300 });
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: [...CATALOG_QUERY_PARAMETERS] },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  test('a product answer is cached by its own Cache-Control keyed by its path; search by its words; validate-cart never (issue 17)', () => {
    const patterns = distributionConfig().CacheBehaviors.map((b: Behaviour) => b.PathPattern);
    const at = (pattern: string) => patterns.indexOf(pattern);
    expect(at(`${PRODUCT_LIST_PATH}/validate-cart`)).toBeLessThan(at(`${PRODUCT_LIST_PATH}/*`));
    expect(at(`${PRODUCT_LIST_PATH}/search`)).toBeLessThan(at(`${PRODUCT_LIST_PATH}/*`));
    expect(at(`${PRODUCT_LIST_PATH}/*`)).toBeLessThan(at('/api/*'));
    expect(behaviour(`${PRODUCT_LIST_PATH}/validate-cart`).CachePolicyId).toBe(
      CachePolicy.CACHING_DISABLED.cachePolicyId,
    );
    expect(behaviour(`${PRODUCT_LIST_PATH}/search`).CachePolicyId).toEqual(behaviour(PRODUCT_LIST_PATH).CachePolicyId);
    const product = behaviour(`${PRODUCT_LIST_PATH}/*`);
    expect(product.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(product.CachePolicyId).toEqual(behaviour('/product/*').CachePolicyId);
    // The search results page and a category's pages (the page function, docs/decisions/0132) are kept per phrase
    // and per order as the catalogue's answers: the words and `?sort=` reach the function; the other pages are keyed
    // by their path alone.
    for (const pattern of [SEARCH_PAGE, CATEGORY_PAGES]) {
      const page = behaviour(pattern);
      expect(page.TargetOriginId).toBe(behaviour('/product/*').TargetOriginId);
      expect(page.CachePolicyId).toEqual(behaviour(PRODUCT_LIST_PATH).CachePolicyId);
      expect(page.CachePolicyId).not.toEqual(behaviour('/product/*').CachePolicyId);
    }
  });

  test('every other /api/* and /auth/* request is uncached and reaches the API with its Authorization header', () => {
    for (const pattern of ['/api/*', '/auth/*']) {
      expect(behaviour(pattern).CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect(behaviour(pattern).AllowedMethods).toEqual(expect.arrayContaining(['POST', 'PUT', 'DELETE']));
    }
    // The product list's and the pages' (both keep what the origin's Cache-Control says).
    template.resourceCountIs('AWS::CloudFront::CachePolicy', 2);
  });

  test('the API description (a file of the SPA build) comes from the SPA bucket, matched before /api/*', () => {
    const patterns = distributionConfig().CacheBehaviors.map((b: Behaviour) => b.PathPattern);
    expect(patterns.indexOf(OPENAPI_PATH)).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf(OPENAPI_PATH)).toBeLessThan(patterns.indexOf('/api/*'));
    const description = behaviour(OPENAPI_PATH);
    expect(description.TargetOriginId).toBe(distributionConfig().DefaultCacheBehavior.TargetOriginId);
    expect(description.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(description.FunctionAssociations).toBeUndefined();
  });

  test('HTTPS only: every behaviour is https-only or redirects to HTTPS; the API origin is HTTPS-only', () => {
    for (const b of allBehaviours()) expect(['https-only', 'redirect-to-https']).toContain(b.ViewerProtocolPolicy);
    const apiOrigin = distributionConfig().Origins.find(
      (origin: { Id: string }) => origin.Id === behaviour('/api/*').TargetOriginId,
    );
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  test('every behaviour carries the one security-headers policy', () => {
    const [policyId] = Object.keys(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'));
    template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    // default, product list, validate-cart, search, one product, openapi, /api/*, /auth/*, /images/*, and the pages
    expect(allBehaviours()).toHaveLength(9 + PAGE_PATTERNS.length);
    for (const b of allBehaviours()) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  test('misses of the API and the images stay real 404s: no custom error pages, the SPA function on the default behaviour only', () => {
    expect(distributionConfig().CustomErrorResponses).toBeUndefined();
    expect(distributionConfig().DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaRoutingFunction/), 'FunctionARN'] },
      },
    ]);
    for (const b of distributionConfig().CacheBehaviors) expect(b.FunctionAssociations).toBeUndefined();
  });

  test('the image bucket lets CloudFront list it (a missing image is 404, not 403); the SPA bucket does not', () => {
    const distributionArn = Match.objectLike({
      'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: idOf(stack.distribution) }])]),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: idOf(stack.imagesBucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: ['s3:GetObject', 's3:ListBucket'],
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': distributionArn } },
          }),
        ]),
      },
    });
    const spaPolicy = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).find(
      (p) => p.Properties.Bucket.Ref === idOf(stack.spaBucket),
    )!;
    const cloudFrontActions = spaPolicy.Properties.PolicyDocument.Statement.filter(
      (s: { Principal?: { Service?: string } }) => s.Principal?.Service === 'cloudfront.amazonaws.com',
    ).flatMap((s: { Action: string | string[] }) => [s.Action].flat());
    expect(cloudFrontActions).toEqual(['s3:GetObject']);
  });

  test('uploads/ (the originals, with EXIF and GPS) can never be read through the distribution: CloudFront may read only images/products/*', () => {
    // Only /images/* reaches the image bucket.
    const imagesOrigin = behaviour('/images/*').TargetOriginId;
    expect(allBehaviours().filter((b) => b.TargetOriginId === imagesOrigin)).toEqual([behaviour('/images/*')]);
    // Evaluate the bucket policy as S3 would for CloudFront's GetObject: an explicit Deny wins over any Allow.
    const policy = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).find(
      (p) => p.Properties.Bucket.Ref === idOf(stack.imagesBucket),
    )!;
    type Statement = {
      Effect: 'Allow' | 'Deny';
      Principal?: { Service?: string };
      Action: string | string[];
      Resource?: unknown;
      NotResource?: unknown;
    };
    const names = { [`${idOf(stack.imagesBucket)}.Arn`]: 'arn:images' };
    const arns = (value: unknown) => [value].flat().map((part) => renderCfnString(part, names));
    const matches = (pattern: string, arn: string) =>
      new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(arn);
    const cloudFront = (policy.Properties.PolicyDocument.Statement as Statement[]).filter(
      (s) =>
        s.Principal?.Service === 'cloudfront.amazonaws.com' &&
        [s.Action].flat().some((action) => action === 's3:GetObject' || action === 's3:*'),
    );
    const applies = (s: Statement, arn: string) =>
      s.Resource !== undefined
        ? arns(s.Resource).some((p) => matches(p, arn))
        : !arns(s.NotResource).some((p) => matches(p, arn));
    const cloudFrontCanRead = (key: string) => {
      const arn = `arn:images/${key}`;
      const relevant = cloudFront.filter((s) => applies(s, arn));
      return relevant.some((s) => s.Effect === 'Allow') && !relevant.some((s) => s.Effect === 'Deny');
    };
    const id = '3f2a1b0c-4d5e-4f60-8a7b-9c8d7e6f5a4b';
    expect(cloudFrontCanRead(`images/products/${id}/320.jpg`)).toBe(true);
    // S3 keys are literal (a key is never resolved like a path), so what CloudFront asks for is exactly one of these.
    for (const key of [`uploads/${id}.jpg`, 'uploads/', 'images/other.txt', 'index.html']) {
      expect(cloudFrontCanRead(key)).toBe(false);
    }
  });
});

describe('security headers', () => {
  const policy = () =>
    Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'))[0].Properties
      .ResponseHeadersPolicyConfig;
  const csp = () => {
    const value = policy().SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const text = renderCfnString(value, {
      'AWS::Region': 'eu-west-1',
      'AWS::URLSuffix': 'amazonaws.com',
      [idOf(stack.imagesBucket)]: 'shop-images',
    });
    return Object.fromEntries(
      text
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
  };

  test("CSP: Stripe.js and nothing more from outside, Cognito of the stack's region, the image bucket for uploads", () => {
    const directives = csp();
    expect(directives['script-src']).toEqual(["'self'", ...STRIPE_CSP_SOURCES.script]);
    expect(directives['frame-src']).toEqual([...STRIPE_CSP_SOURCES.frame]);
    expect(directives['connect-src']).toEqual([
      "'self'",
      ...STRIPE_CSP_SOURCES.connect,
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://shop-images.s3.eu-west-1.amazonaws.com',
    ]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(JSON.stringify(directives)).not.toContain('*');
    expect(policy().SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(true);
  });

  test('HSTS (two years, subdomains), nosniff, X-Frame-Options DENY, referrer policy; all override the origin', () => {
    expect(policy().SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
  });
});

describe('custom domain', () => {
  test('domainName + certificateArn: the alias, the certificate (SNI) and TLS 1.2 at least; the site URL follows', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
    const { template: withDomain, stack: domainStack } = synthShop({
      context: { ...FULL_CONTEXT, siteUrl: undefined, domainName: 'shop.example.com', certificateArn },
    });
    const config = Object.values(resourcesOf(withDomain, 'AWS::CloudFront::Distribution'))[0].Properties
      .DistributionConfig;
    expect(config.Aliases).toEqual(['shop.example.com']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      SslSupportMethod: 'sni-only',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    expect(domainStack.siteUrl).toBe('https://shop.example.com');
  });
});
