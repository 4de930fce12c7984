import { SALE_ROUTES } from '#shared/routes/sales';
import { cartSales } from '../../domain/cart/sales';
import { defineHandler } from '../../lib/http';

/** POST /api/cart/sales: what the sales on now give the cart, and what is nearly reached (issue 54). */
export const handler = defineHandler(SALE_ROUTES, 'cart/cart-sales', async ({ body }) => cartSales(body.cart));
