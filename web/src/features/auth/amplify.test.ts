import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { RuntimeConfig } from '#shared/schemas/common';
import { configureAmplify } from './amplify';

/** Amplify configured as the browser configures it: locally (npm start) and in AWS, a page load logs nothing. */
const LOCAL: RuntimeConfig = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_local',
  userPoolClientId: 'local-client',
  cognitoEndpoint: 'http://localhost:3000/cognito',
  stripePublishableKey: null,
  paymentMode: 'test',
};
const CUSTOM_ENDPOINT = /custom Amazon .*Cognito User Pool endpoint/;

let warn: jest.SpyInstance;
let error: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  error = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  error.mockRestore();
});

it('Amplify itself warns of the local Cognito endpoint on every configure (what a page load logged)', () => {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: LOCAL.userPoolId,
        userPoolClientId: LOCAL.userPoolClientId,
        userPoolEndpoint: LOCAL.cognitoEndpoint!,
      },
    },
  });
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(CUSTOM_ENDPOINT)]);
});

it('configured for the local stand-in, nothing is logged; the endpoint is kept; Amplify warns and errs as before afterwards', () => {
  configureAmplify(LOCAL);
  expect(warn).not.toHaveBeenCalled();
  expect(error).not.toHaveBeenCalled();
  expect(Amplify.getConfig().Auth?.Cognito).toMatchObject({
    userPoolId: LOCAL.userPoolId,
    userPoolEndpoint: LOCAL.cognitoEndpoint,
  });
  // Only that call was quieter: Amplify's loggers warn and err again.
  expect(ConsoleLogger.LOG_LEVEL).toBeNull();
  const logger = new ConsoleLogger('Auth');
  logger.warn('a later warning');
  logger.error('a later error');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('a later warning'));
  expect(error).toHaveBeenCalledWith(expect.stringContaining('a later error'));
});

it('in AWS (no local endpoint) nothing is logged and Amplify talks to Cognito itself', () => {
  configureAmplify({ ...LOCAL, userPoolId: 'eu-west-1_abc', cognitoEndpoint: null });
  expect(warn).not.toHaveBeenCalled();
  expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBeUndefined();
});
