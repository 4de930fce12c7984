import { DROP_ROUTES } from '#shared/routes/drops';
import { endDrop } from '../../domain/stock/drops';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(DROP_ROUTES, 'drops/end-drop', async ({ params }) => endDrop(params.productId));
