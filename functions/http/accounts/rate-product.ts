import { ACCOUNT_ROUTES } from '../../../shared/routes/accounts';
import { productIdSchema } from '../../../shared/schemas/product';
import { rateProduct } from '../../domain/accounts/ratings';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/rate-product', async ({ body, caller, params }) => rateProduct(caller.userId, validate(productIdSchema, params.id), body.rating));
