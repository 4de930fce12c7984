import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { defineHandler } from '../../lib/http';
import { forbidden } from '../../lib/errors';

/** {isAdmin: true} for the admin group; a signed-in customer gets 403 (spec section 6). */
export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/validate-admin', async ({ caller }) => {
  if (!caller.isAdmin) throw forbidden('This account is not an administrator.');
  return { isAdmin: true };
});
