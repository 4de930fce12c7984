import { stockItemIdSchema } from '../../../shared/schemas/admin';
import { deleteStockItem } from '../../domain/admin/stock-items';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler('admin/delete-stock-item', async ({ params }) => deleteStockItem(validate(stockItemIdSchema, params.id)));
