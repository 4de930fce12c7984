import Stripe from 'stripe';

/**
 * The bench's figure for a cold request in Stripe mode (issue 16): the create-payment-intent function as deployed
 * (its module load), plus what its first Stripe call adds before any network: the SDK's module code (which the
 * function itself runs only on that call, decision 0024) and a client. Loaded as one bundle, as in Lambda.
 */
export { handler } from '../functions/http/checkout/create-payment-intent';
export const client = new Stripe('sk_test_bench', { maxNetworkRetries: 2, timeout: 10_000 });
