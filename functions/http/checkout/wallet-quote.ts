import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { quoteWallet } from '../../domain/checkout/wallet';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/wallet-quote', async ({ body }) => quoteWallet(body));
