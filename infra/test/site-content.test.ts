import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { IMPORT_PREFIX, IMPORT_TRIGGERS } from '#shared/catalog-sheet';
import { APPLE_PAY_DOMAIN_FILE, CATEGORY_PAGES, PAGE_PATTERNS, SEARCH_PAGE } from '#shared/pages';
import { ARTWORK_HOLDING_PREFIX, ARTWORK_KEPT_DAYS, ARTWORK_PREFIX, HOLDING_KEPT_DAYS } from '#shared/quotes';
import { runtimeConfigSchema } from '#shared/schemas/common';
import type { ShopStack } from '../lib/shop-stack';
import { IMMUTABLE, REVALIDATE } from '../lib/spa-deployment';
import { ACCESS_LOG_DAYS, ACCESS_LOG_RECOVERY_DAYS } from '../lib/storage';
import type { IConstruct } from 'constructs';
import { FULL_CONTEXT, logicalIdOf, renderCfnString, resourcesOf, synthShop, type CfnResource } from './synth';

/**
 * Point 5 (the buckets and their access logs) and point 6 (config.json and the SPA upload) of the production issue,
 * with what the page function and the image pipeline may read and write. The distribution: site.test.ts.
 */
let stack: ShopStack;
let template: Template;
/** The cloud assembly its templates come from (its staged assets: config.json). */
let assemblyDir: string;

beforeAll(() => {
  // The whole stage: the page function lives in its area's nested stack (decision 0094).
  ({ stack, whole: template, assemblyDir } = synthShop({ context: FULL_CONTEXT }));
});

const idOf = logicalIdOf;
const distributionConfig = () =>
  Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
type Behaviour = { PathPattern?: string; [key: string]: unknown };
const behaviour = (pattern: string): Behaviour =>
  distributionConfig().CacheBehaviors.find((b: Behaviour) => b.PathPattern === pattern);

describe('buckets and access logs', () => {
  const bucket = (construct: IConstruct): CfnResource => template.toJSON().Resources[idOf(construct)];

  test('the distribution and both content buckets log into the log bucket', () => {
    expect(distributionConfig().Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [idOf(stack.logBucket), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    expect(bucket(stack.spaBucket).Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: idOf(stack.logBucket) },
      LogFilePrefix: 's3/spa/',
    });
    expect(bucket(stack.imagesBucket).Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: idOf(stack.logBucket) },
      LogFilePrefix: 's3/images/',
    });
  });

  test('the log bucket: private, ACLs only for CloudFront log delivery (owner preferred), logs expire, kept on deletion', () => {
    const logs = bucket(stack.logBucket);
    expect(logs.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(logs.Properties.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] });
    // Versioned: a log deleted or overwritten early can be recovered for a while; then it and its marker go.
    expect(logs.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(logs.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({
        ExpirationInDays: ACCESS_LOG_DAYS,
        NoncurrentVersionExpiration: { NoncurrentDays: ACCESS_LOG_RECOVERY_DAYS },
        Status: 'Enabled',
      }),
      expect.objectContaining({ ExpiredObjectDeleteMarker: true, Status: 'Enabled' }),
    ]);
    expect(logs.DeletionPolicy).toBe('Retain');
    // The others keep ACLs off.
    for (const other of [stack.spaBucket, stack.imagesBucket]) {
      expect(bucket(other).Properties.OwnershipControls).toEqual({
        Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
      });
    }
  });

  test('images: versioned, old versions expire, browser uploads by presigned PUT only', () => {
    const images = bucket(stack.imagesBucket).Properties;
    expect(images.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(images.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 90 } }),
      // Quote artwork (decision 0112): files never sent with a request, then the artwork of quotes long closed.
      expect.objectContaining({
        Prefix: ARTWORK_HOLDING_PREFIX,
        ExpirationInDays: HOLDING_KEPT_DAYS,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
      // The catalogue's imports (decision 0151): the owner's file, its zip and the job's plan, kept 30 days.
      expect.objectContaining({
        Prefix: IMPORT_PREFIX,
        ExpirationInDays: 30,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
      expect.objectContaining({
        Prefix: ARTWORK_PREFIX,
        ExpirationInDays: ARTWORK_KEPT_DAYS,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
    ]);
    expect(images.CorsConfiguration.CorsRules).toEqual([
      {
        AllowedMethods: ['PUT'],
        AllowedOrigins: ['*'],
        AllowedHeaders: ['content-type', 'x-amz-meta-correlation-id'],
        MaxAge: 3000,
      },
    ]);
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
    let text = readFileSync(path.join(assemblyDir, `asset.${key}`, 'config.json'), 'utf8');
    for (const [marker, ref] of Object.entries(markers)) text = text.split(marker).join(values(ref));
    return JSON.parse(text);
  }

  test('two uploads of the build into the SPA bucket: hashed assets immutable (never pruned), the rest no-cache', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    const [, assets] = assetsDeployment();
    const [, shell] = shellDeployment();
    for (const d of [assets, shell]) expect(d.Properties.DestinationBucketName).toEqual({ Ref: idOf(stack.spaBucket) });
    expect(assets.Properties).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': IMMUTABLE },
    });
    expect(shell.Properties).toMatchObject({
      Exclude: ['assets/*', '.well-known/*'],
      Prune: true,
      SystemMetadata: { 'cache-control': REVALIDATE },
    });
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(REVALIDATE).toBe('no-cache');
    // The same build (first source of each).
    expect(shell.Properties.SourceObjectKeys[0]).toEqual(assets.Properties.SourceObjectKeys[0]);
  });

  test('index.html and config.json go after the assets, then the whole distribution is invalidated', () => {
    const [assetsId] = assetsDeployment();
    const [shellId, shell] = shellDeployment();
    expect(shell.Properties).toMatchObject({
      DistributionId: { Ref: idOf(stack.distribution) },
      DistributionPaths: ['/*'],
    });
    expect([shell.DependsOn].flat()).toContain(assetsId);
    expect(Object.keys(deployments())).toContain(shellId);
  });

  test("config.json carries the pool, the client, the region and the publishable key, and passes the SPA's schema", () => {
    const [, shell] = shellDeployment();
    expect(Object.values(shell.Properties.SourceMarkers[1])).toEqual(
      expect.arrayContaining([{ Ref: 'AWS::Region' }, { Ref: idOf(stack.userPool) }, { Ref: idOf(stack.webClient) }]),
    );
    const names: Record<string, string> = {
      'AWS::Region': 'eu-west-1',
      [idOf(stack.userPool)]: 'eu-west-1_Pool',
      [idOf(stack.webClient)]: 'webclient123',
    };
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
    const shell = Object.values(resourcesOf(bare.template, 'Custom::CDKBucketDeployment')).find(
      (d) => !d.Properties.Include,
    )!;
    const key = String(shell.Properties.SourceObjectKeys[1]).replace(/\.zip$/, '');
    const text = readFileSync(path.join(bare.assemblyDir, `asset.${key}`, 'config.json'), 'utf8');
    expect(JSON.parse(text.replace(/<<marker:0xbaba:\d+>>/g, 'x'))).toMatchObject({
      stripePublishableKey: null,
      paymentMode: 'stripe',
      cognitoEndpoint: null,
    });
  });
});

describe("Apple Pay's domain file (-c applePayDomainFile)", () => {
  test('deployed as text/plain at its address, after the shell (whose prune leaves it), only when the stage has one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apple-pay-'));
    const file = path.join(dir, 'apple-developer-merchantid-domain-association');
    writeFileSync(file, '7B2270737049642231\n');
    const withFile = synthShop({ context: { ...FULL_CONTEXT, applePayDomainFile: file } });
    const all = Object.entries(resourcesOf(withFile.template, 'Custom::CDKBucketDeployment'));
    expect(all).toHaveLength(3);
    const [applePayId, applePay] = all.find(([, d]) => d.Properties.SystemMetadata['content-type'])!;
    expect(applePay.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'content-type': 'text/plain', 'cache-control': REVALIDATE },
    });
    const [shellId] = all.find(([, d]) => d.Properties.DistributionPaths)!;
    expect([applePay.DependsOn].flat()).toContain(shellId);
    expect(applePayId).not.toBe(shellId);
    const key = String(applePay.Properties.SourceObjectKeys[0]).replace(/\.zip$/, '');
    const staged = path.join(withFile.assemblyDir, `asset.${key}`, APPLE_PAY_DOMAIN_FILE.slice(1));
    expect(readFileSync(staged, 'utf8')).toBe('7B2270737049642231\n');
    // The stage without one has no such deployment (the default synth above: two).
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    expect(() => synthShop({ context: { ...FULL_CONTEXT, applePayDomainFile: path.join(dir, 'missing') } })).toThrow(
      /applePayDomainFile: cannot read .*missing \(ENOENT\)/,
    );
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

  test('each page path goes to the API (the page function), GET/HEAD, cached by path (search and categories also by their words and order) as long as the page says', () => {
    const pagePolicy = idOf(stack.node.findChild('PageCache'));
    for (const pattern of PAGE_PATTERNS) {
      const b = behaviour(pattern);
      expect(b).toMatchObject({
        TargetOriginId: behaviour('/api/*').TargetOriginId,
        ViewerProtocolPolicy: 'redirect-to-https',
        AllowedMethods: ['GET', 'HEAD'],
        // Search results are keyed by their words and a category by its order, as the catalogue's own answers
        // (decision 0132; site.test.ts).
        CachePolicyId:
          pattern === SEARCH_PAGE || pattern === CATEGORY_PAGES
            ? behaviour('/api/products').CachePolicyId
            : { Ref: pagePolicy },
      });
    }
    expect(PAGE_PATTERNS).toEqual(
      expect.arrayContaining(['/product/*', '/product-list/*', '/sitemap.xml', '/robots.txt', '/about-us', '/faqs']),
    );
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

  test("the page function reads index.html, the first screens and vite's manifest from the SPA bucket (those keys only) and knows the site URL", () => {
    const fnId = idOf(pageFunction());
    const variables = template.toJSON().Resources[fnId].Properties.Environment.Variables;
    expect(variables.SPA_BUCKET).toEqual({ Ref: idOf(stack.spaBucket) });
    expect(variables.SITE_URL).toBe(FULL_CONTEXT.siteUrl);
    const s3 = statementsOf(fnId).filter((statement: { Action: string | string[] }) =>
      [statement.Action].flat().some((action) => action.startsWith('s3:')),
    );
    expect(s3).toHaveLength(1);
    expect(s3[0].Action).toBe('s3:GetObject');
    expect(
      s3[0].Resource.map((resource: unknown) =>
        renderCfnString(resource, { [`${idOf(stack.spaBucket)}.Arn`]: 'arn:spa' }),
      ).sort(),
    ).toEqual(
      [
        'arn:spa/.vite/manifest.json',
        'arn:spa/index.html',
        ...[
          'cart',
          'cart-payment',
          'cart-shipping',
          'custom-printing',
          'gift-card-balance',
          'gift-cards',
          'home',
          'order-status',
        ].map((name) => `arn:spa/first/${name}.html`),
      ].sort(),
    );
  });

  // The image pipeline also runs the catalogue's import job (decision 0151): an import's CSV, or its next step, under
  // catalog-imports/ starts it; it reads and writes its import there and puts the file's photos under uploads/.
  test('uploads/ and an import under catalog-imports/ trigger the image pipeline, which touches only those and images/products/', () => {
    const fnId = idOf(stack.imageFunction);
    const fn = template.toJSON().Resources[fnId].Properties;
    expect(fn).toMatchObject({ Architectures: ['arm64'], MemorySize: 2048, Timeout: 120, Handler: 'index.handler' });
    expect(fn.Environment.Variables.IMAGES_BUCKET).toEqual({ Ref: idOf(stack.imagesBucket) });
    const [notifications] = Object.values(resourcesOf(template, 'Custom::S3BucketNotifications'));
    expect(notifications.Properties.BucketName).toEqual({ Ref: idOf(stack.imagesBucket) });
    expect(notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      {
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'uploads/' }] } },
        LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] },
      },
      ...IMPORT_TRIGGERS.map(({ prefix, suffix }) => ({
        Events: ['s3:ObjectCreated:*'],
        Filter: {
          Key: {
            FilterRules: [
              { Name: 'suffix', Value: suffix },
              { Name: 'prefix', Value: prefix },
            ],
          },
        },
        LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] },
      })),
    ]);
    const names = { [`${idOf(stack.imagesBucket)}.Arn`]: 'arn:images' };
    const s3 = statementsOf(fnId).filter((statement: { Action: string | string[] }) =>
      [statement.Action].flat().some((action) => action.startsWith('s3:')),
    );
    const resources = s3.flatMap((statement: { Resource: unknown }) =>
      [statement.Resource].flat().map((resource) => renderCfnString(resource, names)),
    );
    expect(new Set(resources)).toEqual(
      new Set(['arn:images', 'arn:images/uploads/*', 'arn:images/images/products/*', `arn:images/${IMPORT_PREFIX}*`]),
    );
    const writes = s3.filter((statement: { Action: string | string[] }) =>
      [statement.Action].flat().some((action) => /Put/.test(action)),
    );
    expect(
      new Set(
        writes.flatMap((statement: { Resource: unknown }) =>
          [statement.Resource].flat().map((resource) => renderCfnString(resource, names)),
        ),
      ),
    ).toEqual(new Set(['arn:images/images/products/*', `arn:images/${IMPORT_PREFIX}*`, 'arn:images/uploads/*']));
  });
});
