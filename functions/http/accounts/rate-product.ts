import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { rateProduct } from '../../domain/accounts/ratings';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/rate-product', async ({ body, caller, params }) =>
  rateProduct(caller.userId, params.id, body.rating),
);
