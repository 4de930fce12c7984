import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { quoteWallet } from '../../domain/checkout/wallet';
import { clientOf } from '../../domain/guessing/budget';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/wallet-quote', async ({ body, event }) =>
  quoteWallet({ ...body, client: clientOf(event) }),
);
