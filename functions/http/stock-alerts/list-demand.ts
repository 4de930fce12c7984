import { STOCK_ALERT_ROUTES } from '#shared/routes/stock-alerts';
import { stockDemandView } from '../../domain/stock-alerts/demand';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(STOCK_ALERT_ROUTES, 'stock-alerts/list-demand', async () => stockDemandView());
