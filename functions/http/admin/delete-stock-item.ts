import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { stockItemIdSchema } from '../../../shared/schemas/admin';
import { deleteStockItem } from '../../domain/admin/stock-items';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/delete-stock-item', async ({ params }) => deleteStockItem(validate(stockItemIdSchema, params.id)));
