import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Cognito pre-sign-up trigger: a new customer is signed in straight after sign-up (spec: success lands on /),
 * so the account is confirmed and its email marked verified here (docs/decisions/0010).
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
};
