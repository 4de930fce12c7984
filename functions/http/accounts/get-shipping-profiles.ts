import { ACCOUNT_PROFILE_ROUTES } from '#shared/routes/account-profiles';
import { readProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_PROFILE_ROUTES, 'accounts/get-shipping-profiles', async ({ caller }) =>
  readProfiles(caller.userId),
);
