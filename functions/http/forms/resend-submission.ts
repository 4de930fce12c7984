import { FORMS_ROUTES } from '../../../shared/routes/forms';
import * as z from '../../../shared/schemas/zod';
import { resendSubmission } from '../../domain/forms/submissions';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(FORMS_ROUTES, 'forms/resend-submission', async ({ params }) => ({
  mailStatus: await resendSubmission(validate(z.uuid('Not a submission id'), params.id)),
}));
