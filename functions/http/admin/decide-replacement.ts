import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { replacementIdSchema } from '../../../shared/schemas/orders';
import { decideReplacement } from '../../domain/orders/replacements';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/decide-replacement', async ({ params, body }) => decideReplacement(validate(replacementIdSchema, params.id), body));
