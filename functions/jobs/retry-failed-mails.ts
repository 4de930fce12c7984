import { retryFailedSubmissions } from '../domain/forms/submissions';
import { logger, withLambdaLogging } from '../lib/logger';

/**
 * Scheduled: form mails that failed are sent again (up to 5 attempts), so no enquiry is lost. Each retry logs under
 * the correlation id of the form's request (kept on the submission, docs/decisions/0100).
 */
export const handler = withLambdaLogging(async (): Promise<{ resent: number }> => {
  const resent = await retryFailedSubmissions();
  if (resent) logger.info('failed form mails resent', { resent });
  return { resent };
});
