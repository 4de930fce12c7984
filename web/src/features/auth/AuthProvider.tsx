import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_GROUP } from '#shared/roles';
import { validateAdminSchema } from '#shared/schemas/common';
import { forgetAnswers } from '../../lib/answers';
import { api, ApiError, setSessionEnded, setTokenSource, tokenGroups } from '../../lib/api';
import { loadConfig } from '../../lib/config';

/**
 * Amplify is loaded only when it is needed (a stored session, or a sign-in): a guest's pages stay small.
 */
let amplify: Promise<typeof import('./amplify')> | undefined;
function loadAmplify() {
  amplify ??= Promise.all([import('./amplify'), loadConfig()]).then(([mod, config]) => {
    mod.configureAmplify(config);
    return mod;
  });
  return amplify;
}

/** Whether this browser holds a Cognito session (Amplify keeps it under these local-storage keys). */
function hasStoredSession(): boolean {
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? '';
    if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
  }
  return false;
}

export interface CurrentUser {
  userId: string;
  email: string;
  /** 'admin' for the admin group, null for a customer (spec section 3). */
  role: 'admin' | null;
}

export interface AuthState {
  /** False until the first session check is done: the app renders after it (spec section 4). */
  ready: boolean;
  user: CurrentUser | null;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (input: { email: string; password: string; firstName: string; lastName: string }) => Promise<void>;
  signOut: () => Promise<void>;
  sendResetCode: (email: string) => Promise<void>;
  confirmReset: (input: { email: string; code: string; password: string }) => Promise<void>;
}

/**
 * Cognito refused the password because it was reset (PasswordResetRequiredException; Amplify's next step
 * RESET_PASSWORD): `npm run admin:add` resets an existing account's password (docs/decisions/0065).
 */
export class PasswordResetRequiredError extends Error {
  override name = 'PasswordResetRequiredError';
}

const AuthContext = createContext<AuthState | null>(null);
const AUTH_TOKEN_KEY = 'authToken';

async function accessToken(): Promise<string | null> {
  if (!amplify && !hasStoredSession()) return null;
  try {
    const session = await (await loadAmplify()).fetchAuthSession();
    return session.tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

// Route loaders may call signed-in routes before the first render (the router starts with the page): the token is
// there from the start.
setTokenSource(accessToken);

/**
 * The role from the server (spec section 6): 200 -> admin, 403 -> customer, anything else -> not signed in. The
 * server answers from the token's groups; a token outside the admin group would get the 403, so it is not asked
 * (a customer's pages log no failed request).
 */
async function loadUser(): Promise<CurrentUser | null> {
  if (!hasStoredSession()) return null;
  const { getCurrentUser, signOut } = await loadAmplify();
  let current;
  try {
    current = await getCurrentUser();
  } catch {
    return null;
  }
  const token = await accessToken();
  if (!token) return null;
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  const email = current.signInDetails?.loginId ?? current.username;
  if (!tokenGroups(token).includes(ADMIN_GROUP)) return { userId: current.userId, email, role: null };
  try {
    const { isAdmin } = await api('/auth/validateAdmin', validateAdminSchema, { auth: true });
    return { userId: current.userId, email, role: isAdmin ? 'admin' : null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { userId: current.userId, email, role: null };
    console.error('admin validation failed', error);
    await signOut().catch(() => undefined);
    localStorage.removeItem(AUTH_TOKEN_KEY);
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // No stored session: a guest, known at once (no render waits for a check).
  const [ready, setReady] = useState(() => !hasStoredSession());
  const [user, setUser] = useState<CurrentUser | null>(null);

  const refresh = useCallback(async () => setUser(await loadUser()), []);
  /** Signs out in this tab: Amplify's tokens, the stored token and what was read go (docs/decisions/0098). */
  const endSession = useCallback(async () => {
    const { signOut } = await loadAmplify();
    await signOut().catch((error) => console.error('sign-out failed', error));
    localStorage.removeItem(AUTH_TOKEN_KEY);
    forgetAnswers();
    setUser(null);
  }, []);

  // The server refused the session's token (expired, revoked): signed out here too, so a page that needs an account
  // asks to sign in (RequireAdmin: the sign-in page, coming back after it) instead of failing on every call.
  useEffect(() => {
    setSessionEnded(() => void endSession());
    return () => setSessionEnded(() => {});
  }, [endSession]);

  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    loadUser()
      .then((loaded) => !cancelled && setUser(loaded))
      .catch((error) => console.error('session check failed', error))
      .finally(() => !cancelled && setReady(true));
    if (hasStoredSession()) {
      void loadAmplify().then(({ Hub }) => {
        stop = Hub.listen('auth', ({ payload }) => {
          if (payload.event === 'tokenRefresh')
            void accessToken().then((token) => token && localStorage.setItem(AUTH_TOKEN_KEY, token));
          if (payload.event === 'tokenRefresh_failure') console.error('token refresh failed');
          if (payload.event === 'signedOut') {
            forgetAnswers();
            setUser(null);
          }
        });
      });
    }
    // Keep the stored token fresh (spec: every 5 minutes); Amplify refreshes it before it expires.
    const timer = setInterval(
      () => void accessToken().then((token) => token && localStorage.setItem(AUTH_TOKEN_KEY, token)),
      300_000,
    );
    return () => {
      cancelled = true;
      stop();
      clearInterval(timer);
    };
  }, []);

  const value = useMemo<AuthState>(() => {
    const signInWith = async (email: string, password: string) => {
      const { signIn } = await loadAmplify();
      const result = await signIn({
        username: email.trim(),
        password,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      if (!result.isSignedIn && result.nextStep.signInStep === 'RESET_PASSWORD')
        throw new PasswordResetRequiredError('The password of this account was reset.');
      if (!result.isSignedIn) throw new Error(`Sign-in needs another step: ${result.nextStep.signInStep}`);
      await refresh();
    };
    return {
      ready,
      user,
      signIn: signInWith,
      async signUp({ email, password, firstName, lastName }) {
        const { signUp } = await loadAmplify();
        const result = await signUp({
          username: email.trim(),
          password,
          options: {
            userAttributes: { email: email.trim(), given_name: firstName.trim(), family_name: lastName.trim() },
          },
        });
        if (!result.isSignUpComplete && result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
          throw new Error('Sign-up needs a confirmation code, which this shop does not use (docs/decisions/0010).');
        }
        await signInWith(email, password);
      },
      signOut: endSession,
      async sendResetCode(email) {
        const { resetPassword } = await loadAmplify();
        await resetPassword({ username: email.trim() });
      },
      async confirmReset({ email, code, password }) {
        const { confirmResetPassword } = await loadAmplify();
        await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password });
      },
    };
  }, [ready, user, refresh, endSession]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth outside AuthProvider');
  return context;
}
