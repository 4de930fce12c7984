import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { orderNumberSchema } from '../../../shared/schemas/checkout';
import { sendConfirmationAgain } from '../../domain/checkout/confirmation-mail';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/send-confirmation', async ({ params }) => sendConfirmationAgain(validate(orderNumberSchema, params.orderNumber)));
