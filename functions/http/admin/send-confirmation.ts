import { adminSendConfirmation } from '#shared/routes/admin-orders';
import { sendConfirmationAgain } from '../../domain/checkout/confirmation-mail';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminSendConfirmation], 'admin/send-confirmation', async ({ params }) =>
  sendConfirmationAgain(params.orderNumber),
);
