import { FORMS_ROUTES } from '#shared/routes/forms';
import { resendSubmission } from '../../domain/forms/submissions';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(FORMS_ROUTES, 'forms/resend-submission', async ({ params }) => ({
  mailStatus: await resendSubmission(params.id),
}));
