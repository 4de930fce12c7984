import { ACCOUNT_PROFILE_ROUTES } from '#shared/routes/account-profiles';
import { saveProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(
  ACCOUNT_PROFILE_ROUTES,
  'accounts/save-shipping-profiles',
  async ({ body, caller }) => ({
    data: await saveProfiles(caller.userId, body.profiles),
  }),
);
