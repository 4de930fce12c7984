import { listAdminProducts } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('admin/list-drafted-products', async () => listAdminProducts('drafted'));
