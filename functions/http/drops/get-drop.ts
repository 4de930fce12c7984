import { DROP_ROUTES } from '#shared/routes/drops';
import { dropView } from '../../domain/stock/drops';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(DROP_ROUTES, 'drops/get-drop', async ({ params }) => dropView(params.productId));
