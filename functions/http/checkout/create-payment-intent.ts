import { CHECKOUT_ROUTES } from '../../../shared/routes/checkout';
import { createPaymentIntent } from '../../domain/checkout/checkout';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/create-payment-intent', async ({ body, caller }) => createPaymentIntent({ ...body, customer: caller.userId }));
