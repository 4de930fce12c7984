import { deleteProfile } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('accounts/delete-shipping-profile', async ({ body, caller }) => ({ data: await deleteProfile(caller.userId, body.index) }));
