import { Logger } from '@aws-lambda-powertools/logger';

/** One structured (JSON) logger for every function. Level from POWERTOOLS_LOG_LEVEL. */
export const logger = new Logger({ serviceName: 'shop' });
