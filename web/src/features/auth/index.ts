/**
 * The auth feature's public entry: what other features and the app may import from it (web/dependency-rules.md).
 * Its pages (sign in, sign up, reset) are reached by their routes, not from here.
 */
export { AuthProvider, PasswordResetRequiredError, useAuth, type AuthState, type CurrentUser } from './AuthProvider';
export type { SignupFromOrder } from './SignupPage';
export { mailGuestOrderLink } from './guestOrderLink';
