import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { logger, withLambdaLogging } from '../lib/logger';

/**
 * Cognito pre-sign-up trigger: a new customer is signed in straight after sign-up (spec: success lands on /),
 * so the account is confirmed and its email marked verified here (docs/decisions/0010). Its line carries the
 * invocation's request id (no shop request leads here: the browser signs up with Cognito itself, docs/decisions/0100)
 * and the new account's user name (the `sub`, never the address).
 */
export const handler = withLambdaLogging(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  logger.info('sign-up confirmed', { triggerSource: event.triggerSource, userName: event.userName });
  return event;
});
