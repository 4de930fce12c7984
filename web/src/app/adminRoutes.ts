import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router-dom';

/**
 * The admin pages (under /admin, inside RequireAdmin, see App.tsx): the shell with Amplify UI and the theme, and each
 * page as its own chunk, a route module: the page (default), its `loader` (what it shows), its `action` (its writes)
 * and `shouldRevalidate` (docs/decisions/0076). A loader runs for an admin's token only; one that fails shows the
 * admin's error (with Try again) inside the shell. Only `import()` calls here, so this chunk shares nothing with the
 * storefront's entry and the storefront's chunks stay as they were.
 */
interface AdminPageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
}

const lazyPage = (load: () => Promise<AdminPageModule>) => ({
  lazy: async () => {
    const [page, { AdminLoadError, adminOnly, shouldRevalidate }] = await Promise.all([
      load(),
      import('../features/admin/useAdmin'),
    ]);
    return {
      Component: page.default,
      loader: page.loader && adminOnly(page.loader),
      action: page.action,
      shouldRevalidate,
      ErrorBoundary: AdminLoadError,
    };
  },
});

export const adminPages: RouteObject[] = [
  {
    id: 'admin-shell',
    lazy: async () => ({ Component: (await import('../features/admin/AdminShell')).default }),
    children: [
      { index: true, ...lazyPage(() => import('../features/admin/AdminPortal')) },
      { path: 'products', ...lazyPage(() => import('../features/admin/AdminProductsPage')) },
      { path: 'items', ...lazyPage(() => import('../features/admin/AdminItemsPage')) },
      { path: 'promo-codes', ...lazyPage(() => import('../features/admin/AdminPromoCodesPage')) },
      { path: 'sales', ...lazyPage(() => import('../features/admin/AdminSalesPage')) },
      { path: 'gift-cards', ...lazyPage(() => import('../features/admin/AdminGiftCardsPage')) },
      { path: 'gift-cards/:cardId', ...lazyPage(() => import('../features/admin/AdminGiftCardPage')) },
      { path: 'orders/pending', ...lazyPage(() => import('../features/admin/AdminOrdersPage')) },
      { path: 'orders/archive', ...lazyPage(() => import('../features/admin/AdminArchivePage')) },
      { path: 'orders/:orderNumber', ...lazyPage(() => import('../features/admin/AdminOrderPage')) },
      { path: 'replacements', ...lazyPage(() => import('../features/admin/AdminReplacementsPage')) },
      { path: 'quotes', ...lazyPage(() => import('../features/admin/AdminQuotesPage')) },
      { path: 'quotes/:quoteId', ...lazyPage(() => import('../features/admin/AdminQuotePage')) },
      { path: 'stock-alerts', ...lazyPage(() => import('../features/admin/AdminStockAlertsPage')) },
      { path: 'catalog', ...lazyPage(() => import('../features/admin/AdminCatalogPage')) },
      { path: 'drafted-products', ...lazyPage(() => import('../features/admin/AdminDraftsPage')) },
      { path: 'inbox', ...lazyPage(() => import('../features/admin/AdminInboxPage')) },
      { path: 'reports', ...lazyPage(() => import('../features/admin/AdminReportsPage')) },
      { path: 'drops/:productId', ...lazyPage(() => import('../features/admin/AdminDropPage')) },
      { path: 'shipping', ...lazyPage(() => import('../features/admin/AdminShippingPage')) },
    ],
  },
];
