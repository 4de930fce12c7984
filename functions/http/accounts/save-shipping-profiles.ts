import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { saveProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/save-shipping-profiles', async ({ body, caller }) => ({
  data: await saveProfiles(caller.userId, body.profiles),
}));
