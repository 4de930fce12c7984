import type { S3Event } from 'aws-lambda';
import { runImportStep } from '../domain/catalog-sheet/job';
import { withLambdaLogging } from '../lib/logger';

/**
 * The catalogue import's job (issue 55 item 4; docs/decisions/0151): S3 calls it when an import's CSV arrives (the
 * dry run) and when the owner's confirmation writes the apply's step object (the apply). Keys arrive URL-encoded.
 * Locally the S3 stand-in calls it the same way.
 */
export const handler = withLambdaLogging(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    await runImportStep(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')));
  }
});
