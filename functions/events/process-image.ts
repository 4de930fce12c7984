import type { S3Event } from 'aws-lambda';
import { IMPORT_PREFIX } from '#shared/catalog-sheet';
import { runImportStep } from '../domain/catalog-sheet/job';
import { processUpload } from '../domain/images/pipeline';
import { withLambdaLogging } from '../lib/logger';

/**
 * The image pipeline's function: S3 calls it for every object created under uploads/ of the image bucket (in AWS
 * an event notification; locally the S3 stand-in calls it the same way). Keys arrive URL-encoded, spaces as '+'.
 * Its lines carry the Lambda request id and, for each upload, the correlation id of the request that issued the
 * upload's URL (docs/decisions/0100). It is also the catalogue import's job (docs/decisions/0151): an import's CSV
 * arriving runs its dry run, an apply's step object the apply (it makes the file's photos with the same sharp, so
 * the notification of an original it put is passed over).
 */
export const handler = withLambdaLogging(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    if (key.startsWith(IMPORT_PREFIX)) await runImportStep(key);
    else await processUpload(key, { notified: true });
  }
});
