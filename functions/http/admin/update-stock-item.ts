import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { stockItemIdSchema } from '../../../shared/schemas/admin';
import { updateStockItem } from '../../domain/admin/stock-items';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/update-stock-item', async ({ body, params }) => updateStockItem(validate(stockItemIdSchema, params.id), body));
