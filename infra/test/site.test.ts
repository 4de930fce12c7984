import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { NOT_FOUND_PATH, PAGE_PATTERNS, siteAnswer, SPA_ROUTES } from '../../shared/pages';
import { runtimeConfigSchema } from '../../shared/schemas/common';
import { STRIPE_CSP_SOURCES } from '../../shared/security-headers';
import type { ShopStack } from '../lib/shop-stack';
import { OPENAPI_PATH } from '../../shared/openapi';
import { API_ORIGIN_ID, CATALOG_QUERY_PARAMETERS, ACCESS_LOG_DAYS, ACCESS_LOG_RECOVERY_DAYS, IMMUTABLE, PRODUCT_LIST_PATH, REVALIDATE, SPA_ROUTING_CODE } from '../lib/site';
import { FULL_CONTEXT, renderCfnString, resourcesOf, synthShop, type CfnResource } from './synth';

/** Point 5 (S3 + CloudFront) and point 6 (config.json and the SPA upload) of the production issue. */
let stack: ShopStack;
let template: Template;
let app: ReturnType<typeof synthShop>['app'];

beforeAll(() => {
  ({ stack, template, app } = synthShop({ context: FULL_CONTEXT }));
});

const idOf = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]);
const distributionConfig = () => Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
type Behaviour = { PathPattern?: string; [key: string]: unknown };
const allBehaviours = (): Behaviour[] => [distributionConfig().DefaultCacheBehavior, ...distributionConfig().CacheBehaviors];
const behaviour = (pattern: string): Behaviour => distributionConfig().CacheBehaviors.find((b: Behaviour) => b.PathPattern === pattern);

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
    expect(behaviour(`${PRODUCT_LIST_PATH}/validate-cart`).CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(behaviour(`${PRODUCT_LIST_PATH}/search`).CachePolicyId).toEqual(behaviour(PRODUCT_LIST_PATH).CachePolicyId);
    const product = behaviour(`${PRODUCT_LIST_PATH}/*`);
    expect(product.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(product.CachePolicyId).toEqual(behaviour('/product/*').CachePolicyId);
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
    const apiOrigin = distributionConfig().Origins.find((origin: { Id: string }) => origin.Id === behaviour('/api/*').TargetOriginId);
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
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaRoutingFunction/), 'FunctionARN'] } },
    ]);
    for (const b of distributionConfig().CacheBehaviors) expect(b.FunctionAssociations).toBeUndefined();
  });

  test('the image bucket lets CloudFront list it (a missing image is 404, not 403); the SPA bucket does not', () => {
    const distributionArn = Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: idOf(stack.distribution) }])]) });
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
    const spaPolicy = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).find((p) => p.Properties.Bucket.Ref === idOf(stack.spaBucket))!;
    const cloudFrontActions = spaPolicy.Properties.PolicyDocument.Statement.filter((s: { Principal?: { Service?: string } }) => s.Principal?.Service === 'cloudfront.amazonaws.com').flatMap(
      (s: { Action: string | string[] }) => [s.Action].flat(),
    );
    expect(cloudFrontActions).toEqual(['s3:GetObject']);
  });

  test('uploads/ (the originals, with EXIF and GPS) can never be read through the distribution: CloudFront may read only images/products/*', () => {
    // Only /images/* reaches the image bucket.
    const imagesOrigin = behaviour('/images/*').TargetOriginId;
    expect(allBehaviours().filter((b) => b.TargetOriginId === imagesOrigin)).toEqual([behaviour('/images/*')]);
    // Evaluate the bucket policy as S3 would for CloudFront's GetObject: an explicit Deny wins over any Allow.
    const policy = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).find((p) => p.Properties.Bucket.Ref === idOf(stack.imagesBucket))!;
    type Statement = { Effect: 'Allow' | 'Deny'; Principal?: { Service?: string }; Action: string | string[]; Resource?: unknown; NotResource?: unknown };
    const names = { [`${idOf(stack.imagesBucket)}.Arn`]: 'arn:images' };
    const arns = (value: unknown) => [value].flat().map((part) => renderCfnString(part, names));
    const matches = (pattern: string, arn: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(arn);
    const cloudFront = (policy.Properties.PolicyDocument.Statement as Statement[]).filter(
      (s) => s.Principal?.Service === 'cloudfront.amazonaws.com' && [s.Action].flat().some((action) => action === 's3:GetObject' || action === 's3:*'),
    );
    const applies = (s: Statement, arn: string) => (s.Resource !== undefined ? arns(s.Resource).some((p) => matches(p, arn)) : !arns(s.NotResource).some((p) => matches(p, arn)));
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

describe('the SPA routing function (run on sample requests)', () => {
  const fromTemplate = () => {
    const fn = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'))[0];
    return fn.Properties.FunctionCode as string;
  };
  type Answer = { uri?: string; statusCode?: number; headers?: Record<string, { value: string }>; origin: string | null };
  // CloudFront Functions are plain JavaScript with a `handler(event)`; run the deployed code as it is, with the
  // runtime's `cloudfront` module (its import line) standing in as a recorder of the origin it selects.
  const run = (uri: string, querystring: Record<string, { value: string; multiValue?: { value: string }[] }> = {}): Answer => {
    const code = fromTemplate();
    expect(code.split('\n')[0]).toBe("import cf from 'cloudfront';");
    let origin: string | null = null;
    const cf = { selectRequestOriginById: (id: string) => (origin = id) };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the CloudFront function's code from the template, which is the point of the test
    const handler = new Function('cf', `${code.split('\n').slice(1).join('\n')}\nreturn handler;`)(cf) as (event: unknown) => Omit<Answer, 'origin'>;
    const answer = handler({ request: { uri, method: 'GET', headers: {}, querystring, cookies: {} } });
    return { ...answer, origin };
  };
  const apiOriginId = () => behaviour('/api/*').TargetOriginId;

  test('the template holds exactly the code under test, on the 2.0 runtime (origin selection)', () => {
    expect(fromTemplate()).toBe(SPA_ROUTING_CODE);
    const fn = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'))[0];
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // The origin the function selects is the API's (the page function), by the id the distribution gives it.
    expect(apiOriginId()).toBe(API_ORIGIN_ID);
    expect(distributionConfig().Origins.map((origin: { Id: string }) => origin.Id)).toContain(API_ORIGIN_ID);
  });

  test.each(['/product/42', '/product-list/hot', '/reset-password', '/admin/products', '/orderconfirmation'])('SPA route %s -> /index.html', (uri) => {
    expect(run(uri).uri).toBe('/index.html');
  });

  test('every route of the SPA (shared/pages.ts SPA_ROUTES) gets index.html from the SPA bucket (200)', () => {
    for (const route of SPA_ROUTES.filter((r) => r !== '/')) expect(run(route.replace(/:[A-Za-z]+/g, 'x1'))).toEqual(expect.objectContaining({ uri: '/index.html', origin: null }));
  });

  test.each(['/', '/index.html'])('the home page %s comes from the page function (its canonical URL and Open Graph tags)', (uri) => {
    expect(run(uri)).toEqual(expect.objectContaining({ uri: '/', origin: API_ORIGIN_ID }));
  });

  test.each(['/nothere', '/a/b/c', '/product', '/admin/nothing/here', '/cartt'])("unknown %s -> the page function's not-found page (404), never index.html", (uri) => {
    expect(run(uri)).toEqual(expect.objectContaining({ uri: NOT_FOUND_PATH, origin: API_ORIGIN_ID }));
  });

  test('a trailing slash is a 301 to the address without it, query kept, never to another host', () => {
    const answer = run('/cart/');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers!.location.value).toBe('/cart');
    expect(run('/search/', { q: { value: 'candle' }, pages: { value: '2' } }).headers!.location.value).toBe('/search?q=candle&pages=2');
    expect(run('/about-us/').headers!.location.value).toBe('/about-us');
    expect(run('//evil.example/').headers!.location.value).toBe('/evil.example');
  });

  test('the same answer as the local gateway (shared/pages.ts siteAnswer) on sample addresses', () => {
    const kindOf = (answer: Answer) => (answer.statusCode === 301 ? 'redirect' : answer.uri === NOT_FOUND_PATH ? 'not-found' : answer.origin ? 'page' : answer.uri === '/index.html' ? 'spa' : 'file');
    for (const uri of ['/', '/index.html', '/cart', '/cart/', '/account/orders/A1', '/admin', '/admin/orders/pending', '/nope', '/x/y/', '/favicon.svg', '/assets/a.js', '/config.json', '/missing.png']) {
      expect([uri, kindOf(run(uri))]).toEqual([uri, siteAnswer(uri).kind]);
    }
  });

  test.each(['/config.json', '/assets/index-4f3a.js', '/favicon.svg', '/banners/fall.webp', '/missing.png', '/og-image.jpg'])('file %s is left alone', (uri) => {
    expect(run(uri)).toEqual(expect.objectContaining({ uri, origin: null }));
  });
});

describe('security headers', () => {
  const policy = () => Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'))[0].Properties.ResponseHeadersPolicyConfig;
  const csp = () => {
    const value = policy().SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const text = renderCfnString(value, { 'AWS::Region': 'eu-west-1', 'AWS::URLSuffix': 'amazonaws.com', [idOf(stack.imagesBucket)]: 'shop-images' });
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
    expect(directives['connect-src']).toEqual(["'self'", ...STRIPE_CSP_SOURCES.connect, 'https://cognito-idp.eu-west-1.amazonaws.com', 'https://shop-images.s3.eu-west-1.amazonaws.com']);
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

describe('buckets and access logs', () => {
  const bucket = (construct: { node: { defaultChild?: unknown } }): CfnResource => template.toJSON().Resources[idOf(construct)];

  test('the distribution and both content buckets log into the log bucket', () => {
    expect(distributionConfig().Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [idOf(stack.logBucket), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    expect(bucket(stack.spaBucket).Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: idOf(stack.logBucket) }, LogFilePrefix: 's3/spa/' });
    expect(bucket(stack.imagesBucket).Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: idOf(stack.logBucket) }, LogFilePrefix: 's3/images/' });
  });

  test('the log bucket: private, ACLs only for CloudFront log delivery (owner preferred), logs expire, kept on deletion', () => {
    const logs = bucket(stack.logBucket);
    expect(logs.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(logs.Properties.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] });
    // Versioned: a log deleted or overwritten early can be recovered for a while; then it and its marker go.
    expect(logs.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(logs.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: ACCESS_LOG_DAYS, NoncurrentVersionExpiration: { NoncurrentDays: ACCESS_LOG_RECOVERY_DAYS }, Status: 'Enabled' }),
      expect.objectContaining({ ExpiredObjectDeleteMarker: true, Status: 'Enabled' }),
    ]);
    expect(logs.DeletionPolicy).toBe('Retain');
    // The others keep ACLs off.
    for (const other of [stack.spaBucket, stack.imagesBucket]) {
      expect(bucket(other).Properties.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
    }
  });

  test('images: versioned, old versions expire, browser uploads by presigned PUT only', () => {
    const images = bucket(stack.imagesBucket).Properties;
    expect(images.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(images.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 90 } })]);
    expect(images.CorsConfiguration.CorsRules).toEqual([{ AllowedMethods: ['PUT'], AllowedOrigins: ['*'], AllowedHeaders: ['content-type'], MaxAge: 3000 }]);
  });
});

describe('SPA upload and config.json', () => {
  const deployments = () => resourcesOf(template, 'Custom::CDKBucketDeployment');
  const assetsDeployment = () => Object.entries(deployments()).find(([, d]) => d.Properties.Include)!;
  const shellDeployment = () => Object.entries(deployments()).find(([, d]) => !d.Properties.Include)!;

  /** config.json as written at deploy: the staged file with its deploy-time markers replaced by `values`. */
  function deployedConfig(values: (ref: unknown) => string) {
    const [, shell] = shellDeployment();
    const markers = shell.Properties.SourceMarkers[1] as Record<string, unknown>;
    const key = String(shell.Properties.SourceObjectKeys[1]).replace(/\.zip$/, '');
    let text = readFileSync(path.join(app.synth().directory, `asset.${key}`, 'config.json'), 'utf8');
    for (const [marker, ref] of Object.entries(markers)) text = text.split(marker).join(values(ref));
    return JSON.parse(text);
  }

  test('two uploads of the build into the SPA bucket: hashed assets immutable (never pruned), the rest no-cache', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    const [, assets] = assetsDeployment();
    const [, shell] = shellDeployment();
    for (const d of [assets, shell]) expect(d.Properties.DestinationBucketName).toEqual({ Ref: idOf(stack.spaBucket) });
    expect(assets.Properties).toMatchObject({ Exclude: ['*'], Include: ['assets/*'], Prune: false, SystemMetadata: { 'cache-control': IMMUTABLE } });
    expect(shell.Properties).toMatchObject({ Exclude: ['assets/*'], Prune: true, SystemMetadata: { 'cache-control': REVALIDATE } });
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(REVALIDATE).toBe('no-cache');
    // The same build (first source of each).
    expect(shell.Properties.SourceObjectKeys[0]).toEqual(assets.Properties.SourceObjectKeys[0]);
  });

  test('index.html and config.json go after the assets, then the whole distribution is invalidated', () => {
    const [assetsId] = assetsDeployment();
    const [shellId, shell] = shellDeployment();
    expect(shell.Properties).toMatchObject({ DistributionId: { Ref: idOf(stack.distribution) }, DistributionPaths: ['/*'] });
    expect([shell.DependsOn].flat()).toContain(assetsId);
    expect(Object.keys(deployments())).toContain(shellId);
  });

  test("config.json carries the pool, the client, the region and the publishable key, and passes the SPA's schema", () => {
    const [, shell] = shellDeployment();
    expect(Object.values(shell.Properties.SourceMarkers[1])).toEqual(expect.arrayContaining([{ Ref: 'AWS::Region' }, { Ref: idOf(stack.userPool) }, { Ref: idOf(stack.webClient) }]));
    const names: Record<string, string> = { 'AWS::Region': 'eu-west-1', [idOf(stack.userPool)]: 'eu-west-1_Pool', [idOf(stack.webClient)]: 'webclient123' };
    const config = deployedConfig((ref) => names[(ref as { Ref: string }).Ref]);
    expect(runtimeConfigSchema.parse(config)).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_Pool',
      userPoolClientId: 'webclient123',
      cognitoEndpoint: null,
      stripePublishableKey: FULL_CONTEXT.stripePublishableKey,
      paymentMode: 'stripe',
    });
  });

  test('without a publishable key (a bare dev stage) config.json says null, still Stripe mode', () => {
    const bare = synthShop();
    const shell = Object.values(resourcesOf(bare.template, 'Custom::CDKBucketDeployment')).find((d) => !d.Properties.Include)!;
    const key = String(shell.Properties.SourceObjectKeys[1]).replace(/\.zip$/, '');
    const text = readFileSync(path.join(bare.app.synth().directory, `asset.${key}`, 'config.json'), 'utf8');
    expect(JSON.parse(text.replace(/<<marker:0xbaba:\d+>>/g, 'x'))).toMatchObject({ stripePublishableKey: null, paymentMode: 'stripe', cognitoEndpoint: null });
  });
});

describe('custom domain', () => {
  test('domainName + certificateArn: the alias, the certificate (SNI) and TLS 1.2 at least; the site URL follows', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
    const { template: withDomain, stack: domainStack } = synthShop({
      context: { ...FULL_CONTEXT, siteUrl: undefined, domainName: 'shop.example.com', certificateArn },
    });
    const config = Object.values(resourcesOf(withDomain, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['shop.example.com']);
    expect(config.ViewerCertificate).toEqual({ AcmCertificateArn: certificateArn, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' });
    expect(domainStack.siteUrl).toBe('https://shop.example.com');
  });
});

describe('pages a crawler reads and the image pipeline', () => {
  const pageFunction = () => stack.routeFunctions.get('PagesRenderPage')!;
  const statementsOf = (fnId: string) => {
    const roleId = template.toJSON().Resources[fnId].Properties.Role['Fn::GetAtt'][0];
    return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
  };

  test('each page path goes to the API (the page function), GET/HEAD, cached by path alone as long as the page says', () => {
    const pagePolicy = idOf({ node: { defaultChild: (stack.node.findChild('PageCache') as { node: { defaultChild: unknown } }).node.defaultChild } });
    for (const pattern of PAGE_PATTERNS) {
      const b = behaviour(pattern);
      expect(b).toMatchObject({ TargetOriginId: behaviour('/api/*').TargetOriginId, ViewerProtocolPolicy: 'redirect-to-https', AllowedMethods: ['GET', 'HEAD'], CachePolicyId: { Ref: pagePolicy } });
    }
    expect(PAGE_PATTERNS).toEqual(expect.arrayContaining(['/product/*', '/product-list/*', '/sitemap.xml', '/robots.txt', '/about-us', '/faqs']));
    // The root stays the SPA's index.html (CloudFront has no pattern for the root alone): its head is the home page's.
    expect(PAGE_PATTERNS).not.toContain('/');
    const policy = resourcesOf(template, 'AWS::CloudFront::CachePolicy')[pagePolicy].Properties.CachePolicyConfig;
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 600 });
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      EnableAcceptEncodingBrotli: true,
      EnableAcceptEncodingGzip: true,
    });
  });

  test("the page function reads index.html and vite's manifest from the SPA bucket (those keys only) and knows the site URL", () => {
    const fnId = idOf(pageFunction());
    const variables = template.toJSON().Resources[fnId].Properties.Environment.Variables;
    expect(variables.SPA_BUCKET).toEqual({ Ref: idOf(stack.spaBucket) });
    expect(variables.SITE_URL).toBe(FULL_CONTEXT.siteUrl);
    const s3 = statementsOf(fnId).filter((statement: { Action: string | string[] }) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    expect(s3).toHaveLength(1);
    expect(s3[0].Action).toBe('s3:GetObject');
    expect(s3[0].Resource.map((resource: unknown) => renderCfnString(resource, { [`${idOf(stack.spaBucket)}.Arn`]: 'arn:spa' })).sort()).toEqual(['arn:spa/.vite/manifest.json', 'arn:spa/index.html']);
  });

  test('every upload under uploads/ triggers the image pipeline, which reads only uploads/ and writes only images/products/', () => {
    const fnId = idOf(stack.imageFunction);
    const fn = template.toJSON().Resources[fnId].Properties;
    expect(fn).toMatchObject({ Architectures: ['arm64'], MemorySize: 2048, Timeout: 120, Handler: 'index.handler' });
    expect(fn.Environment.Variables.IMAGES_BUCKET).toEqual({ Ref: idOf(stack.imagesBucket) });
    const [notifications] = Object.values(resourcesOf(template, 'Custom::S3BucketNotifications'));
    expect(notifications.Properties.BucketName).toEqual({ Ref: idOf(stack.imagesBucket) });
    expect(notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      { Events: ['s3:ObjectCreated:*'], Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'uploads/' }] } }, LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } },
    ]);
    const names = { [`${idOf(stack.imagesBucket)}.Arn`]: 'arn:images' };
    const s3 = statementsOf(fnId).filter((statement: { Action: string | string[] }) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    const resources = s3.flatMap((statement: { Resource: unknown }) => [statement.Resource].flat().map((resource) => renderCfnString(resource, names)));
    expect(new Set(resources)).toEqual(new Set(['arn:images', 'arn:images/uploads/*', 'arn:images/images/products/*']));
    const writes = s3.filter((statement: { Action: string | string[] }) => [statement.Action].flat().some((action) => /Put/.test(action)));
    expect(writes.flatMap((statement: { Resource: unknown }) => [statement.Resource].flat().map((resource) => renderCfnString(resource, names)))).toEqual(['arn:images/images/products/*']);
  });
});
