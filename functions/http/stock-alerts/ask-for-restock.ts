import { STOCK_ALERT_ROUTES } from '#shared/routes/stock-alerts';
import { askForRestock } from '../../domain/stock-alerts/requests';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(STOCK_ALERT_ROUTES, 'stock-alerts/ask-for-restock', async ({ body }) =>
  askForRestock(body),
);
