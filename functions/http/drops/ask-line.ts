import { DROP_ROUTES } from '#shared/routes/drops';
import { askLine } from '../../domain/stock/drop-line';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(DROP_ROUTES, 'drops/ask-line', async ({ body, params }) =>
  askLine(params.productId, body.token),
);
