import { Annotations, Aws, Duration, Stack } from 'aws-cdk-lib';
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
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PHOTO_PREFIX } from '#shared/images';
import { CATEGORY_PAGES, PAGE_PATTERNS, SEARCH_PAGE } from '#shared/pages';
import { contentSecurityPolicy, HSTS } from '#shared/security-headers';
import { OPENAPI_PATH } from '#shared/openapi';
import type { DomainSettings } from './settings';
import { API_ORIGIN_ID, SPA_ROUTING_CODE } from './spa-routing';

/**
 * Paths the page function answers (shared/pages.ts): each gets a behaviour to the API, cached by the page's
 * own Cache-Control (s-maxage), keyed by the path alone (search and a category's pages also by the catalogue's query
 * words: their words and order).
 */
export const PAGE_BEHAVIOUR_PATTERNS: readonly string[] = PAGE_PATTERNS;
/** Upper bound on what the page function may ask CloudFront to keep a page. */
export const PAGE_MAX_TTL = Duration.minutes(10);

/**
 * The product list answers `Cache-Control: public, max-age=0, s-maxage=30`; CloudFront keeps it that long
 * (docs/decisions/0045).
 */
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
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
        includeSubdomains: HSTS.includeSubdomains,
        override: true,
      },
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
    // The list's page parameters and the search words are the cache key (shared/schemas/product.ts): nothing else
    // reaches the API.
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
  // Crawler pages (the page function behind the API): cached by the path alone (search and categories: the product
  // list's policy), as long as the page says.
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
    originAccessControl: new S3OriginAccessControl(scope, 'SpaOriginAccess', {
      originAccessControlName: globalName('Spa'),
    }),
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
      ...Object.fromEntries(
        PAGE_BEHAVIOUR_PATTERNS.map((pattern) => [
          pattern,
          // Search results are kept per phrase and a category per order, as the catalogue's own answers (the words and
          // `?sort=` reach the page function, which draws the first page in that order: decisions/0132).
          pattern === SEARCH_PAGE || pattern === CATEGORY_PAGES
            ? { ...pageBehavior, cachePolicy: productListCache }
            : pageBehavior,
        ]),
      ),
      '/api/*': apiBehavior,
      '/auth/*': apiBehavior,
      '/images/*': {
        // LIST lets S3 answer a missing image with 404 rather than 403. No listing is reachable: this
        // behaviour forwards no query string, so every request is a GetObject of a key under images/.
        origin: S3BucketOrigin.withOriginAccessControl(props.imagesBucket, {
          originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
          originAccessControl: new S3OriginAccessControl(scope, 'ImagesOriginAccess', {
            originAccessControlName: globalName('Images'),
          }),
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
