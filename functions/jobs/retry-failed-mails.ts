import { retryFailedSubmissions } from '../domain/forms/submissions';
import { logger } from '../lib/logger';

/** Scheduled: form mails that failed are sent again (up to 5 attempts), so no enquiry is lost. */
export const handler = async (): Promise<{ resent: number }> => {
  const resent = await retryFailedSubmissions();
  if (resent) logger.info('failed form mails resent', { resent });
  return { resent };
};
