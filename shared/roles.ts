/** Admins are the members of this Cognito group (design section 1). */
export const ADMIN_GROUP = 'admin';
