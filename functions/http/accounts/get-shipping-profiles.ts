import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { readProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/get-shipping-profiles', async ({ caller }) =>
  readProfiles(caller.userId),
);
