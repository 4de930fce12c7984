import { checkoutWalletQuote } from '#shared/routes/checkout-intents';
import { quoteWallet } from '../../domain/checkout/wallet';
import { clientOf } from '../../domain/guessing/budget';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([checkoutWalletQuote], 'checkout/wallet-quote', async ({ body, event }) =>
  quoteWallet({ ...body, client: clientOf(event) }),
);
