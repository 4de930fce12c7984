import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type BucketProps,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { UPLOAD_CORRELATION_HEADER } from '#shared/images';
import { IMPORT_PREFIX } from '#shared/catalog-sheet';
import { ARTWORK_HOLDING_PREFIX, ARTWORK_KEPT_DAYS, ARTWORK_PREFIX, HOLDING_KEPT_DAYS } from '#shared/quotes';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { acknowledgeGuard, GUARD_REASONS } from './guard';

/**
 * What the shop keeps: the one table and the three buckets. Each is made in the stack's own scope under the id it
 * always had, so its logical id (and so the data behind it) never changes when this code moves (docs/decisions/0071).
 */

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

/** The one table, keys and indexes from the shared definition (functions/db/table-definition.ts). */
export function createTable(scope: Construct, isProd: boolean): Table {
  const table = new Table(scope, 'Table', {
    partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
    sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    // Every stage: a deleted or overwritten order can be restored to any second of the last 35 days.
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    // DynamoDB's AWS-managed KMS key (aws/dynamodb): no key to pay for or keep, and its use is in CloudTrail.
    encryption: TableEncryption.AWS_MANAGED,
    timeToLiveAttribute: TABLE_KEYS.timeToLiveAttribute,
    deletionProtection: isProd,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  for (const gsi of TABLE_KEYS.globalSecondaryIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: gsi.indexName,
      partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
      sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
    });
  }
  return table;
}

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
  acknowledgeGuard(
    bucket,
    'CT.S3.PR.2',
    'This is the access-log bucket: its own access would be logged into itself, without end.',
  );
  acknowledgeGuard(bucket, 'CT.S3.PR.4', `${GUARD_REASONS.noEvents} Logs are read when needed.`);
  acknowledgeGuard(bucket, 'CT.S3.PR.9', GUARD_REASONS.objectLock);
  acknowledgeGuard(bucket, 'CT.S3.PR.10', GUARD_REASONS.s3Kms);
  return bucket;
}

export interface ShopBuckets {
  /** CloudFront and S3 access logs. */
  logBucket: Bucket;
  /** The built SPA and config.json. */
  spaBucket: Bucket;
  /**
   * Product photos: uploads/ (originals, private) and images/products/ (the variants CloudFront serves); quote artwork
   * under quote-uploads/ and quotes/ (private).
   */
  imagesBucket: Bucket;
}

/** Private buckets, reached only through CloudFront (origin access control); access logs kept apart. */
export function createBuckets(scope: Construct): ShopBuckets {
  const logBucket = createAccessLogBucket(scope);
  // The SPA bucket holds only build output, redeployed each time: emptied and removed with the stack. Versioned,
  // so a file a deploy replaced or pruned can be put back for 30 days.
  const spaBucket = new Bucket(scope, 'SpaBucket', {
    ...PRIVATE_BUCKET,
    versioned: true,
    serverAccessLogsBucket: logBucket,
    serverAccessLogsPrefix: 's3/spa/',
    lifecycleRules: [
      {
        id: 'old-build-versions',
        noncurrentVersionExpiration: Duration.days(30),
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      },
    ],
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });
  // Product images are the shop's content: kept, versioned; replaced or deleted versions go after 90 days.
  const imagesBucket = new Bucket(scope, 'ImagesBucket', {
    ...PRIVATE_BUCKET,
    versioned: true,
    serverAccessLogsBucket: logBucket,
    serverAccessLogsPrefix: 's3/images/',
    lifecycleRules: [
      {
        id: 'old-image-versions',
        noncurrentVersionExpiration: Duration.days(90),
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      },
      // Quote artwork (private, docs/decisions/0112): files uploaded but never sent with a request, and the artwork
      // of quotes closed long ago (a quote lives QUOTE_LIFETIME_DAYS at most), with their replaced versions.
      {
        id: 'quote-artwork-never-sent',
        prefix: ARTWORK_HOLDING_PREFIX,
        expiration: Duration.days(HOLDING_KEPT_DAYS),
        noncurrentVersionExpiration: Duration.days(1),
      },
      // Catalogue imports (docs/decisions/0151): the owner's file, its zip and the job's plan, kept 30 days.
      {
        id: 'catalog-imports',
        prefix: IMPORT_PREFIX,
        expiration: Duration.days(30),
        noncurrentVersionExpiration: Duration.days(1),
      },
      {
        id: 'quote-artwork-of-closed-quotes',
        prefix: ARTWORK_PREFIX,
        expiration: Duration.days(ARTWORK_KEPT_DAYS),
        noncurrentVersionExpiration: Duration.days(1),
      },
    ],
    // Admins upload images from the browser with a presigned PUT (signature = authorization; CORS only lets
    // the page read the answer). Any origin, as the distribution's domain cannot be named here without a cycle.
    // The upload sends the correlation id of the request that issued its URL as metadata (docs/decisions/0100).
    cors: [
      {
        allowedMethods: [HttpMethods.PUT],
        allowedOrigins: ['*'],
        allowedHeaders: ['content-type', UPLOAD_CORRELATION_HEADER],
        maxAge: 3000,
      },
    ],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  return { logBucket, spaBucket, imagesBucket };
}
