import { saveProfiles } from '../../domain/accounts/profiles';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('accounts/save-shipping-profiles', async ({ body, caller }) => ({ data: await saveProfiles(caller.userId, body.profiles) }));
