import type http from 'node:http';
import { cognitoOperationOf } from '#shared/rate-limits';
import { COGNITO_ANSWERS, createSignInLockout, type SignInLockout } from './cognito-rules';
import { sendJson } from './gateway-http';

/**
 * What the /cognito door forwards: the calls Cognito takes from a browser, without AWS credentials (with the
 * user's own tokens, or none), as Amplify v6 makes them for this shop (web/src/features/auth) and the stand-in
 * answers them. Everything else (ListUsers, AdminAddUserToGroup, ...) needs IAM credentials in AWS; the stand-in
 * checks none, so those never pass the door (docs/decisions/0060).
 */
export const BROWSER_COGNITO_OPERATIONS: ReadonlySet<string> = new Set([
  // Sign-up (the shop confirms new accounts itself, docs/decisions/0010).
  'SignUp',
  'ConfirmSignUp',
  // Sign-in, and the token refresh of older Amplify versions (InitiateAuth REFRESH_TOKEN_AUTH).
  'InitiateAuth',
  'RespondToAuthChallenge',
  // The token refresh of Amplify 6.15+, answered as InitiateAuth REFRESH_TOKEN_AUTH (the stand-in lacks it).
  'GetTokensFromRefreshToken',
  // Password reset, and a signed-in user's own password and account.
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  // Sign-out (Amplify revokes the refresh token).
  'RevokeToken',
]);

/** An error as Cognito sends it (the SDK raises `type` with `message`). */
function sendCognitoError(
  res: http.ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    { __type: type, message },
    { 'x-amzn-errortype': `${type}:`, 'content-type': 'application/x-amz-json-1.1', ...headers },
  );
}

/** What Cognito's door needs: where the stand-in listens, and what stands in for the Cognito triggers. */
export interface CognitoDoorOptions {
  /** Where /cognito is proxied (the Cognito stand-in), so the browser talks to one origin. */
  cognitoUrl: string;
  /**
   * Stand-in for Cognito Lambda triggers: called before a Cognito call is forwarded (with its operation, e.g. "SignUp",
   * as `cognitoOperationOf` reads it, and JSON body); the function it returns runs after a successful answer, before
   * the browser gets it.
   */
  cognitoHook?: (
    target: string,
    body: Record<string, unknown>,
  ) => ((answer: Record<string, unknown>) => Promise<Record<string, unknown> | void>) | undefined;
  /** Cognito's lockout of an account after failed sign-ins (cognito-rules.ts); tests give one on their own clock. */
  signInLockout?: SignInLockout;
}

/**
 * The /cognito door: a browser's Cognito calls (BROWSER_COGNITO_OPERATIONS only) forwarded to the stand-in, with the
 * triggers' work done around them; Amplify's newer token refresh answered as the stand-in knows it; a password
 * sign-in under Cognito's lockout (after 5 failures an account is locked for a time that doubles with each further
 * failure: docs/decisions/0091).
 */
export function createCognitoDoor(door: CognitoDoorOptions, log: (line: string) => void) {
  const lockout = door.signInLockout ?? createSignInLockout();
  return async function proxyCognito(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Only `AWSCognitoIdentityProviderService.<Operation>`, as Cognito itself: the stand-in would route any
    // `<anything>.<Operation>`, past the limiter and the triggers, which read the header the same way as here.
    const target = cognitoOperationOf(headers['x-amz-target']);
    if (target === undefined) {
      return sendCognitoError(
        res,
        400,
        'UnknownOperationException',
        'Unknown operation: the x-amz-target header must be AWSCognitoIdentityProviderService.<Operation>.',
      );
    }
    if (!BROWSER_COGNITO_OPERATIONS.has(target)) {
      return sendCognitoError(
        res,
        400,
        'NotAuthorizedException',
        `${target} is not a call a browser makes: the shop's /cognito forwards only sign-up, sign-in, token refresh, password reset and change, and sign-out. Manage users on this machine (npm run admin:add, or the Cognito stand-in on 127.0.0.1).`,
      );
    }
    let request: Record<string, unknown> = {};
    try {
      request = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      // Forward as it is; the stand-in answers the error.
    }
    // A password sign-in as Cognito takes it: refused while the account is locked, counted when it fails.
    if (target === 'InitiateAuth' && request.AuthFlow === 'USER_PASSWORD_AUTH') {
      const given = (request.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
      const username = typeof given === 'string' ? given : '';
      return lockout.oneAtATime(username, async () => {
        if (lockout.lockedFor(username) > 0) {
          const { type, message } = COGNITO_ANSWERS.locked;
          return sendCognitoError(res, 400, type, message);
        }
        const answered = await forward(req, headers, target, request, body);
        if (answered.status === 200) lockout.succeeded(username);
        else if (isAnswer(answered.body, COGNITO_ANSWERS.wrongSignIn)) lockout.failed(username);
        send(res, answered);
      });
    }
    send(res, await forward(req, headers, target, request, body));
  };

  /** The call forwarded to the stand-in, with the triggers' work around it: its status, type and body. */
  async function forward(
    req: http.IncomingMessage,
    headers: Record<string, string>,
    target: string,
    request: Record<string, unknown>,
    body: Buffer,
  ): Promise<{ status: number; type: string; body: Buffer }> {
    const after = door.cognitoHook?.(target, request);
    // Amplify's refresh call, as the stand-in knows it (the answer carries the same AuthenticationResult).
    const refresh = target === 'GetTokensFromRefreshToken';
    if (refresh) headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
    const forwarded = refresh
      ? Buffer.from(
          JSON.stringify({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: request.ClientId,
            AuthParameters: {
              REFRESH_TOKEN: request.RefreshToken,
              ...(request.DeviceKey ? { DEVICE_KEY: request.DeviceKey } : {}),
            },
            ...(request.ClientMetadata ? { ClientMetadata: request.ClientMetadata } : {}),
          }),
        )
      : body;
    const upstream = await fetch(`${door.cognitoUrl}/`, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : new Uint8Array(forwarded),
    });
    let answer = Buffer.from(await upstream.arrayBuffer());
    if (refresh && upstream.ok) {
      const { AuthenticationResult } = JSON.parse(answer.toString('utf8') || '{}') as {
        AuthenticationResult?: unknown;
      };
      answer = Buffer.from(JSON.stringify({ AuthenticationResult }));
    }
    if (after && upstream.ok) {
      const changed = await after(JSON.parse(answer.toString('utf8') || '{}') as Record<string, unknown>).catch(
        (error: Error) => log(`cognito hook ${target} failed: ${error.message}`),
      );
      if (changed) answer = Buffer.from(JSON.stringify(changed));
    }
    return { status: upstream.status, type: upstream.headers.get('content-type') ?? 'application/json', body: answer };
  }
}

function send(res: http.ServerResponse, answered: { status: number; type: string; body: Buffer }) {
  res.writeHead(answered.status, { 'content-type': answered.type });
  res.end(answered.body);
}

/** Whether a Cognito error answer is this one (its type and message). */
function isAnswer(body: Buffer, expected: { type: string; message: string }): boolean {
  try {
    const { __type, message } = JSON.parse(body.toString('utf8')) as { __type?: string; message?: string };
    return __type === expected.type && message === expected.message;
  } catch {
    return false;
  }
}
