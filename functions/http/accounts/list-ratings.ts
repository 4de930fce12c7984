import { ACCOUNT_RATING_ROUTES } from '#shared/routes/account-ratings';
import { listRatings } from '../../domain/accounts/ratings';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_RATING_ROUTES, 'accounts/list-ratings', async ({ caller }) =>
  listRatings(caller.userId),
);
