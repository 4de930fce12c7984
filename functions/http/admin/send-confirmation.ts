import { ADMIN_ROUTES } from '#shared/routes/admin';
import { sendConfirmationAgain } from '../../domain/orders/confirmation-mail';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/send-confirmation', async ({ params }) =>
  sendConfirmationAgain(params.orderNumber),
);
