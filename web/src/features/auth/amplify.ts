import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '#shared/schemas/common';

export { confirmResetPassword, fetchAuthSession, getCurrentUser, resetPassword, signIn, signOut, signUp } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

/** Amplify Auth from /config.json; locally the Cognito stand-in behind the gateway's /cognito. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
