import { FORMS_ROUTES } from '#shared/routes/forms';
import { listSubmissions } from '../../domain/forms/submissions';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(FORMS_ROUTES, 'forms/list-submissions', async () => {
  const submissions = await listSubmissions();
  return {
    submissions: submissions.map(({ id, kind, name, email, message, items, createdAt, mailStatus, mailAttempts }) => ({
      id,
      kind,
      name,
      email,
      message,
      items: items ?? null,
      createdAt,
      mailStatus,
      mailAttempts: mailAttempts ?? 0,
    })),
  };
});
