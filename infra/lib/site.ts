import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Annotations, AssetHashType, Aws, DockerImage, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccessLevel,
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PHOTO_PREFIX } from '../../shared/images';
import { NOT_FOUND_PATH, PAGE_PATTERNS, SPA_ROUTE_PATTERN } from '../../shared/pages';
import type { RuntimeConfig } from '../../shared/schemas/common';
import { contentSecurityPolicy, HSTS } from '../../shared/security-headers';
import { OPENAPI_PATH } from '../../shared/openapi';
import { acknowledgeGuard, GUARD_REASONS } from './guard';
import { REPO_ROOT, shopLogGroup } from './shop-function';
import type { DomainSettings } from './settings';

/** Every bucket of the shop: no public access, TLS only, SSE-S3, no ACLs (except where log delivery needs them). */
export const PRIVATE_BUCKET = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: BucketEncryption.S3_MANAGED,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
} as const satisfies BucketProps;

/** How long access logs (CloudFront and S3) are kept. */
export const ACCESS_LOG_DAYS = 90;

/** How long a deleted or overwritten access log can still be recovered (the log bucket is versioned). */
export const ACCESS_LOG_RECOVERY_DAYS = 30;

/**
 * The bucket CloudFront standard logs and S3 server access logs go to. CloudFront's (legacy) standard logging
 * writes with ACLs, so ACLs stay enabled here (bucket owner preferred); public access is still blocked. Kept
 * when the stack is deleted (logs are evidence); objects expire after ACCESS_LOG_DAYS. Versioned: a log deleted
 * or overwritten before then can be recovered for ACCESS_LOG_RECOVERY_DAYS.
 */
export function createAccessLogBucket(scope: Construct): Bucket {
  const bucket = new Bucket(scope, 'AccessLogsBucket', {
    ...PRIVATE_BUCKET,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    versioned: true,
    lifecycleRules: [
      {
        id: 'expire-access-logs',
        expiration: Duration.days(ACCESS_LOG_DAYS),
        noncurrentVersionExpiration: Duration.days(ACCESS_LOG_RECOVERY_DAYS),
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      },
      { id: 'remove-expired-delete-markers', expiredObjectDeleteMarker: true },
    ],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledgeGuard(bucket, 'CT.S3.PR.2', 'This is the access-log bucket: its own access would be logged into itself, without end.');
  acknowledgeGuard(bucket, 'CT.S3.PR.4', `${GUARD_REASONS.noEvents} Logs are read when needed.`);
  acknowledgeGuard(bucket, 'CT.S3.PR.9', GUARD_REASONS.objectLock);
  acknowledgeGuard(bucket, 'CT.S3.PR.10', GUARD_REASONS.s3Kms);
  return bucket;
}

/** The API origin's id: the routing function sends the home page and unknown addresses to it by this id. */
export const API_ORIGIN_ID = 'shop-api';

/**
 * CloudFront Function (JavaScript runtime 2.0) on the default (SPA) behaviour only: shared/pages.ts siteAnswer,
 * as the local gateway runs it. A name with a file extension is left alone (the build's files); a trailing slash
 * is a 301 to the address without it; the home page (`/`, or `/index.html` should the default root object come
 * first) goes to the page function behind the API (its own head); a route of the SPA gets index.html; any other
 * address is the page function's not-found page, a 404 (never a soft 404). /api/*, /auth/*, /images/* and the
 * page paths have their own behaviours and never meet this function.
 */
export const SPA_ROUTING_CODE = [
  "import cf from 'cloudfront';",
  `var SPA_ROUTE = new RegExp(${JSON.stringify(SPA_ROUTE_PATTERN)});`,
  'function search(querystring) {',
  '  var parts = [];',
  '  for (var name in querystring) {',
  '    var entry = querystring[name];',
  '    var values = entry.multiValue ? entry.multiValue : [entry];',
  "    for (var i = 0; i < values.length; i++) parts.push(values[i].value === '' ? name : name + '=' + values[i].value);",
  '  }',
  "  return parts.length ? '?' + parts.join('&') : '';",
  '}',
  'function handler(event) {',
  '  var request = event.request;',
  '  var uri = request.uri;',
  "  var last = uri.split('/').pop();",
  "  if (last.indexOf('.') !== -1 && uri !== '/index.html') return request;",
  "  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') {",
  "    var location = '/' + uri.replace(/^\\/+|\\/+$/g, '') + search(request.querystring);",
  "    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location }, 'cache-control': { value: 'public, max-age=3600' } } };",
  '  }',
  "  if (uri === '/' || uri === '/index.html') {",
  "    request.uri = '/';",
  `    cf.selectRequestOriginById('${API_ORIGIN_ID}');`,
  '    return request;',
  '  }',
  '  if (SPA_ROUTE.test(uri)) {',
  "    request.uri = '/index.html';",
  '    return request;',
  '  }',
  `  request.uri = '${NOT_FOUND_PATH}';`,
  `  cf.selectRequestOriginById('${API_ORIGIN_ID}');`,
  '  return request;',
  '}',
].join('\n');

/**
 * Paths the page function answers (shared/pages.ts): each gets a behaviour to the API, cached by the page's
 * own Cache-Control (s-maxage), keyed by the path alone.
 */
export const PAGE_BEHAVIOUR_PATTERNS: readonly string[] = PAGE_PATTERNS;
/** Upper bound on what the page function may ask CloudFront to keep a page. */
export const PAGE_MAX_TTL = Duration.minutes(10);

/** The product list answers `Cache-Control: public, max-age=0, s-maxage=30`; CloudFront keeps it that long (docs/decisions/0045). */
export const PRODUCT_LIST_PATH = '/api/products';
/** The query parameters of the list (category, sort, limit, cursor) and of search (q): CloudFront's cache key. */
export const CATALOG_QUERY_PARAMETERS = ['category', 'sort', 'limit', 'cursor', 'q'] as const;
/** Upper bound on what the origin may ask CloudFront to keep a product list. */
export const PRODUCT_LIST_MAX_TTL = Duration.minutes(5);

export interface DistributionProps {
  stage: string;
  spaBucket: Bucket;
  imagesBucket: Bucket;
  logBucket: Bucket;
  api: HttpApi;
  domain?: DomainSettings;
  /**
   * The header CloudFront adds to every request to the API (its value a CloudFormation dynamic reference to the
   * origin secret): the functions refuse a request without it (docs/decisions/0066).
   */
  originHeader: { name: string; value: string };
}

export interface ShopDistribution {
  distribution: Distribution;
  securityHeaders: ResponseHeadersPolicy;
  productListCache: CachePolicy;
  pageCache: CachePolicy;
  spaRouting: CloudFrontFunction;
}

/**
 * One origin for everything (design §1): the SPA by default, the product list cached by its own headers, the
 * crawler pages (product, category and static pages, sitemap, robots) to the page function behind the API,
 * the rest of /api/* and /auth/* uncached to the HTTP API, /images/* to the image bucket. Every behaviour is
 * HTTPS-only or redirects to HTTPS and carries the security headers.
 */
export function createDistribution(scope: Construct, props: DistributionProps): ShopDistribution {
  const stack = Stack.of(scope);
  // CloudFront names are account-wide: stack name (the stage) and region keep two deployments apart.
  const globalName = (what: string) => `${stack.stackName}-${what}-${Aws.REGION}`;
  const securityHeaders = new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    responseHeadersPolicyName: globalName('SecurityHeaders'),
    comment: `Shop security headers (${props.stage})`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          connectSrc: [
            // Amplify Auth calls the user pool's regional endpoint.
            `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`,
            // Admin image uploads PUT to a presigned URL of the image bucket (virtual-hosted, regional).
            `https://${props.imagesBucket.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
          ],
        }),
        override: true,
      },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds), includeSubdomains: HSTS.includeSubdomains, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
  });

  const productListCache = new CachePolicy(scope, 'ProductListCache', {
    comment: `Product list pages and search, kept as long as the API's Cache-Control says (${props.stage})`,
    minTtl: Duration.seconds(0),
    // No Cache-Control from the origin: not kept.
    defaultTtl: Duration.seconds(0),
    maxTtl: PRODUCT_LIST_MAX_TTL,
    // The list's page parameters and the search words are the cache key (shared/schemas/product.ts): nothing else reaches the API.
    queryStringBehavior: CacheQueryStringBehavior.allowList(...CATALOG_QUERY_PARAMETERS),
    headerBehavior: CacheHeaderBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });

  const apiOrigin = new HttpOrigin(`${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
    // Named: the routing function selects it by this id for the home page and the not-found page.
    originId: API_ORIGIN_ID,
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    // Replaces any header of that name a viewer sends: only CloudFront can present the secret.
    customHeaders: { [props.originHeader.name]: props.originHeader.value },
  });
  const apiBehavior: BehaviorOptions = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    // With caching off this forwards Authorization too; Host would not match the API's own domain.
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeaders,
  };
  const productListBehavior: BehaviorOptions = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    // Only the cache key (the category) reaches the API: a public, anonymous route.
    cachePolicy: productListCache,
    responseHeadersPolicy: securityHeaders,
  };
  // Crawler pages (the page function behind the API): cached by the path alone, as long as the page says.
  const pageCache = new CachePolicy(scope, 'PageCache', {
    comment: `Pages of the page function, kept as long as their Cache-Control says (${props.stage})`,
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: PAGE_MAX_TTL,
    queryStringBehavior: CacheQueryStringBehavior.none(),
    headerBehavior: CacheHeaderBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const pageBehavior: BehaviorOptions = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: pageCache,
    responseHeadersPolicy: securityHeaders,
  };
  const spaRouting = new CloudFrontFunction(scope, 'SpaRoutingFunction', {
    comment: 'SPA routes: index.html; home and unknown addresses: the page function; trailing slash: 301',
    code: FunctionCode.fromInline(SPA_ROUTING_CODE),
    // 2.0: the `cloudfront` module (selectRequestOriginById) for the page function's answers.
    runtime: FunctionRuntime.JS_2_0,
  });

  const spaOrigin = S3BucketOrigin.withOriginAccessControl(props.spaBucket, {
    originAccessControl: new S3OriginAccessControl(scope, 'SpaOriginAccess', { originAccessControlName: globalName('Spa') }),
  });
  const distribution = new Distribution(scope, 'Distribution', {
    comment: `Shop (${props.stage})`,
    defaultRootObject: 'index.html',
    httpVersion: HttpVersion.HTTP2_AND_3,
    priceClass: PriceClass.PRICE_CLASS_100,
    ...(props.domain
      ? {
          domainNames: [props.domain.name],
          certificate: Certificate.fromCertificateArn(scope, 'Certificate', props.domain.certificateArn),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {}),
    enableLogging: true,
    logBucket: props.logBucket,
    logFilePrefix: 'cloudfront/',
    defaultBehavior: {
      origin: spaOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: spaRouting }],
    },
    // Order matters: CloudFront takes the first matching pattern, so the exact paths come first.
    additionalBehaviors: {
      [PRODUCT_LIST_PATH]: productListBehavior,
      // A product (GET /api/products/{id}) is kept as its Cache-Control says, keyed by the path; search by its
      // words; validate-cart (POST) is never cached. The exact paths come before the pattern.
      [`${PRODUCT_LIST_PATH}/validate-cart`]: apiBehavior,
      [`${PRODUCT_LIST_PATH}/search`]: productListBehavior,
      [`${PRODUCT_LIST_PATH}/*`]: { ...pageBehavior, viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY },
      // The API description is a file of the SPA build (written by vite, shared/openapi.ts), not a function.
      [OPENAPI_PATH]: {
        origin: spaOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
      },
      ...Object.fromEntries(PAGE_BEHAVIOUR_PATTERNS.map((pattern) => [pattern, pageBehavior])),
      '/api/*': apiBehavior,
      '/auth/*': apiBehavior,
      '/images/*': {
        // LIST lets S3 answer a missing image with 404 rather than 403. No listing is reachable: this
        // behaviour forwards no query string, so every request is a GetObject of a key under images/.
        origin: S3BucketOrigin.withOriginAccessControl(props.imagesBucket, {
          originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
          originAccessControl: new S3OriginAccessControl(scope, 'ImagesOriginAccess', { originAccessControlName: globalName('Images') }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
      },
    },
  });
  // CloudFront reads public photos only. The origin access above lets it read any key of the bucket; this Deny
  // (which wins over any Allow) keeps the originals under uploads/ (EXIF and GPS included) and anything else
  // outside the photo prefix out of reach of every behaviour, however a path is spelt (shared/images.ts).
  props.imagesBucket.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudFrontReadsPublicPhotosOnly',
      effect: Effect.DENY,
      principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      notResources: [props.imagesBucket.arnForObjects(`${PHOTO_PREFIX}*`)],
    }),
  );
  Annotations.of(distribution).acknowledgeWarning(
    '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
    'LIST is on the image bucket only, behind /images/* with no query strings forwarded; the default behaviour has a root object.',
  );
  return { distribution, securityHeaders, productListCache, pageCache, spaRouting };
}

/** Cache-Control of the hashed build files under assets/: their name changes with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else (index.html, config.json, public files): always revalidated. */
export const REVALIDATE = 'no-cache';

export interface SpaDeploymentProps {
  spaBucket: Bucket;
  /** Days the deployment helper's logs are kept (the stage's setting). */
  logRetentionDays: number;
  distribution: Distribution;
  /** The runtime settings the SPA reads from /config.json (may hold deploy-time tokens). */
  config: RuntimeConfig;
}

/**
 * Uploads the SPA build and config.json to the SPA bucket on every deploy, then invalidates the distribution.
 * Two deployments of the same build: first the hashed assets (immutable, never pruned, so a browser holding an
 * older index.html still finds its chunks), then everything else with `no-cache` plus config.json (pruned,
 * assets excluded), then the invalidation.
 */
export class SpaDeployment extends Construct {
  readonly assets: BucketDeployment;
  readonly shell: BucketDeployment;

  constructor(scope: Construct, id: string, props: SpaDeploymentProps) {
    super(scope, id);
    const build = spaBuildSource();
    // One log group for the CDK helper function both deployments share.
    const logGroup = shopLogGroup(this, 'DeployLogs', props.logRetentionDays);
    // No object keys in the custom resource's answer: a build of many files would exceed its 4 KB limit.
    const common = { destinationBucket: props.spaBucket, memoryLimit: 512, logGroup, outputObjectKeys: false } as const;
    this.assets = new BucketDeployment(this, 'Assets', {
      ...common,
      sources: [build],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString(IMMUTABLE)],
    });
    this.shell = new BucketDeployment(this, 'Shell', {
      ...common,
      sources: [build, Source.jsonData('config.json', props.config)],
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString(REVALIDATE)],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    this.shell.node.addDependency(this.assets);
  }
}

/**
 * The SPA build as an asset: `npm run build:web` (vite) runs into the asset's output folder at synth, so
 * `cdk deploy` from a fresh clone uploads a current build. Hashed by output: a build that did not change is not
 * uploaded again. Tests skip bundling (`aws:cdk:bundling-stacks: []`) and never build.
 */
function spaBuildSource() {
  return Source.asset(path.join(REPO_ROOT, 'web'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type; only used if local bundling declined, which it never does (it throws instead).
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
      local: {
        tryBundle(outputDir: string): boolean {
          const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
          try {
            execFileSync(npm, ['run', '--silent', 'build:web', '--', '--outDir', outputDir, '--emptyOutDir'], {
              cwd: REPO_ROOT,
              // Keep stdout clean for the CDK CLI; vite's progress goes to stderr.
              stdio: ['ignore', process.stderr, process.stderr],
              shell: process.platform === 'win32',
            });
          } catch (error) {
            throw new Error(`The SPA build (npm run build:web) failed, so there is nothing to deploy: ${(error as Error).message}`);
          }
          return true;
        },
      },
    },
  });
}
