import * as z from 'zod';
import { resendSubmission } from '../../domain/forms/submissions';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler('forms/resend-submission', async ({ params }) => ({
  mailStatus: await resendSubmission(validate(z.uuid('Not a submission id'), params.id)),
}));
