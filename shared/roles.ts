/** Admins are the members of this Cognito group (design section 1). */
export const ADMIN_GROUP = 'admin';

/**
 * Token lifetimes of the web client, in AWS and in the local Cognito stand-in alike (docs/decisions/0017): an access
 * token outlives a sign-out or an admin's reset by at most `accessHours`.
 */
export const TOKEN_LIFETIMES = { accessHours: 1, idHours: 1, refreshDays: 30 } as const;
