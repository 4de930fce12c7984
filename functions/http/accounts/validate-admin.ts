import { ACCOUNT_PROFILE_ROUTES } from '#shared/routes/account-profiles';
import { defineHandler } from '../../lib/http';
import { forbidden } from '../../lib/errors';

/** {isAdmin: true} for the admin group; a signed-in customer gets 403 (spec section 6). */
export const handler = defineHandler(ACCOUNT_PROFILE_ROUTES, 'accounts/validate-admin', async ({ caller }) => {
  if (!caller.isAdmin) throw forbidden('This account is not an administrator.');
  return { isAdmin: true };
});
