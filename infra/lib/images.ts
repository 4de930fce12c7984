import { Duration } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventType, type Bucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { IMPORT_PREFIX, IMPORT_TRIGGERS } from '#shared/catalog-sheet';
import { PHOTO_PREFIX, UPLOAD_PREFIX } from '#shared/images';
import { ShopFunction } from './shop-function';
import { suppressFunctionDefaults } from './suppressions';

/** The image pipeline's function: sharp on a phone photo wants memory (and the CPU that comes with it). */
export const IMAGE_PIPELINE = { memoryMb: 2048, timeoutSeconds: 120 } as const;

export interface ImagePipelineProps {
  stage: string;
  table: Table;
  imagesBucket: Bucket;
  /** Settings every function reads. */
  environment: Record<string, string>;
}

/**
 * The image pipeline (docs/decisions/0027): every upload to uploads/ of the image bucket becomes variants under
 * images/products/. It reads only uploads/ and writes only images/products/. Made in the stack's own scope
 * (docs/decisions/0071).
 */
export function createImagePipeline(scope: Construct, props: ImagePipelineProps): ShopFunction {
  const { imagesBucket } = props;
  const fn = new ShopFunction(scope, 'ImagePipelineFunction', {
    entry: 'functions/events/process-image.ts',
    description: `Image pipeline: uploads/ -> resized AVIF, WebP and JPEG variants (${props.stage})`,
    // sharp decodes a phone photo and encodes 18 variants: more memory is also more CPU.
    memorySize: IMAGE_PIPELINE.memoryMb,
    timeout: Duration.seconds(IMAGE_PIPELINE.timeoutSeconds),
    nativeModules: ['sharp'],
    environment: { ...props.environment, IMAGES_BUCKET: imagesBucket.bucketName },
  });
  fn.bindTable(props.table, 'readwrite');
  imagesBucket.grantRead(fn, `${UPLOAD_PREFIX}*`);
  imagesBucket.grantPut(fn, `${PHOTO_PREFIX}*`);
  // The catalogue import's job (docs/decisions/0151): reads an import's files, writes its plan and steps, and puts
  // the file's photos under uploads/ before making them.
  imagesBucket.grantRead(fn, `${IMPORT_PREFIX}*`);
  imagesBucket.grantPut(fn, `${IMPORT_PREFIX}*`);
  imagesBucket.grantPut(fn, `${UPLOAD_PREFIX}*`);
  suppressFunctionDefaults(fn);
  NagSuppressions.addResourceSuppressions(
    fn,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Reads any original under uploads/ and writes any variant under images/products/ of the image bucket; an import under catalog-imports/.',
        appliesTo: [
          {
            regex:
              '/^(Action::s3:.*|Resource::.*ImagesBucket.*\\/(uploads|images\\/products|catalog-imports)\\/\\*)$/g',
          },
        ],
      },
    ],
    true,
  );
  imagesBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), { prefix: UPLOAD_PREFIX });
  for (const trigger of IMPORT_TRIGGERS)
    imagesBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), trigger);
  return fn;
}
