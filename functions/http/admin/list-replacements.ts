import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { replacementsQuerySchema } from '../../../shared/schemas/orders';
import { listReplacements } from '../../domain/orders/replacements';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-replacements', async ({ query }) => listReplacements(validate(replacementsQuerySchema, query).status));
