import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * The admin pages (under /admin, inside RequireAdmin, see App.tsx): the shell with Amplify UI and the theme, and
 * each page as its own chunk. Only `import()` calls here, so this chunk shares nothing with the storefront's
 * entry and the storefront's chunks stay as they were.
 */
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => ({ lazy: async () => ({ Component: (await load()).default }) });

export const adminPages: RouteObject[] = [
  {
    id: 'admin-shell',
    ...lazyPage(() => import('../features/admin/AdminShell')),
    children: [
      { index: true, ...lazyPage(() => import('../features/admin/AdminPortal')) },
      { path: 'products', ...lazyPage(() => import('../features/admin/AdminProductsPage')) },
      { path: 'items', ...lazyPage(() => import('../features/admin/AdminItemsPage')) },
      { path: 'promo-codes', ...lazyPage(() => import('../features/admin/AdminPromoCodesPage')) },
      { path: 'orders/pending', ...lazyPage(() => import('../features/admin/AdminOrdersPage')) },
      { path: 'orders/archive', ...lazyPage(() => import('../features/admin/AdminArchivePage')) },
      { path: 'orders/:orderNumber', ...lazyPage(() => import('../features/admin/AdminOrderPage')) },
      { path: 'replacements', ...lazyPage(() => import('../features/admin/AdminReplacementsPage')) },
      { path: 'drafted-products', ...lazyPage(() => import('../features/admin/AdminDraftsPage')) },
      { path: 'inbox', ...lazyPage(() => import('../features/admin/AdminInboxPage')) },
    ],
  },
];
