import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { RuntimeConfig } from '#shared/schemas/common';

export {
  confirmResetPassword,
  fetchAuthSession,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

/**
 * Amplify Auth from /config.json; locally the Cognito stand-in behind the gateway's /cognito.
 *
 * That local endpoint (`userPoolEndpoint`, set only by `npm start`) makes Amplify warn "You are using a custom Amazon
 * Cognito User Pool endpoint…" from inside `configure` on every full page load: in local mode alone, Amplify's own
 * log level is raised to errors for that one call (its ConsoleLogger's global level, put back right after), so a
 * customer's normal visit logs nothing (issue 26). Amplify's errors still show, and so does every warning after.
 */
export function configureAmplify(config: RuntimeConfig): void {
  const endpoint = config.cognitoEndpoint;
  const level = ConsoleLogger.LOG_LEVEL;
  if (endpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}
