import { DROP_ROUTES } from '#shared/routes/drops';
import { setUpDrop } from '../../domain/stock/drops';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(DROP_ROUTES, 'drops/set-up-drop', async ({ body, params }) =>
  setUpDrop(params.productId, body),
);
