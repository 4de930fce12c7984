import { checkoutWalletQuote } from '#shared/routes/checkout-intents';
import { quoteWallet } from '../../domain/checkout/wallet';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([checkoutWalletQuote], 'checkout/wallet-quote', async ({ body }) =>
  quoteWallet(body),
);
