import { listRatings } from '../../domain/accounts/ratings';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('accounts/list-ratings', async ({ caller }) => listRatings(caller.userId));
