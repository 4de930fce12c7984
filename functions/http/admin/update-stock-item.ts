import { productIdSchema } from '../../../shared/schemas/product';
import { updateStockItem } from '../../domain/admin/stock-items';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler('admin/update-stock-item', async ({ body, params }) => updateStockItem(validate(productIdSchema, params.id), body));
