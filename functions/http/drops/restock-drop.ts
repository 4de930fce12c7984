import { DROP_ROUTES } from '#shared/routes/drops';
import { restockDrop } from '../../domain/stock/drops';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(DROP_ROUTES, 'drops/restock-drop', async ({ body, params }) =>
  restockDrop(params.productId, body.size, body.units),
);
