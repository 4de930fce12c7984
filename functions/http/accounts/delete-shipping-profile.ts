import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { deleteProfile } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/delete-shipping-profile', async ({ body, caller }) => ({
  data: await deleteProfile(caller.userId, body.index),
}));
