import { listAdminProducts } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('admin/list-products', async () => listAdminProducts('listed'));
