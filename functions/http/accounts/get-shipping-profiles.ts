import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { getProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/get-shipping-profiles', async ({ caller }) => ({
  data: await getProfiles(caller.userId),
}));
