import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { listRatings } from '../../domain/accounts/ratings';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/list-ratings', async ({ caller }) =>
  listRatings(caller.userId),
);
