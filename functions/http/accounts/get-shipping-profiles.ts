import { getProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('accounts/get-shipping-profiles', async ({ caller }) => ({ data: await getProfiles(caller.userId) }));
