import { FORMS_ROUTES } from '#shared/routes/forms';
import { submitForm } from '../../domain/forms/submissions';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(FORMS_ROUTES, 'forms/submit-support', async ({ body }) =>
  reply(201, { ok: true as const, id: (await submitForm('support', body)).id }),
);
