import { act } from '@testing-library/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { CurrentUser } from '../features/auth/AuthProvider';

/**
 * A session the test sets, for pages whose auth feature is replaced by it: the page re-renders when the test signs in
 * or out, as it would with Amplify. Use with `jest.mock('../auth/AuthProvider', () => jest.requireActual<typeof
 * import('../../testing/session')>('../../testing/session').testAuth);`
 */
export interface TestSession {
  ready: boolean;
  user: CurrentUser | null;
}
let session: TestSession = { ready: true, user: null };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The session now (for a token source: a token only while signed in). */
export const testSession = (): TestSession => session;

/** Sets the session before anything renders (no re-render: use `signInForTest` while a page is open). */
export function resetTestSession(user: CurrentUser | null = null): void {
  session = { ready: true, user };
}

/** Signs in (or out, with null) while a page is open: every component using the session renders again. */
export const signInForTest = (user: CurrentUser | null) =>
  act(async () => {
    session = { ready: true, user };
    for (const listener of listeners) listener();
  });

/** What the mocked auth feature exports. */
export const testAuth = {
  AuthProvider: ({ children }: { children: ReactNode }) => children,
  useAuth: () => useSyncExternalStore(subscribe, testSession),
};
