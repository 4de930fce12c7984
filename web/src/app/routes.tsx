import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { RequireAdmin } from '../features/auth/RequireAdmin';

/** Each page is its own chunk: a route downloads only what it shows. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Every route of the spec (section 2), plus /faqs, /reset-password and the inbox. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', ...page(() => import('../features/pages/HomePage')) },
      { path: '/product-list/:category', ...page(() => import('../features/catalog/ProductListPage')) },
      { path: '/product/:id', ...page(() => import('../features/catalog/ProductPage')) },
      { path: '/cart', ...page(() => import('../features/checkout/CartPage')) },
      { path: '/orderconfirmation', ...page(() => import('../features/checkout/OrderConfirmationPage')) },
      { path: '/login', ...page(() => import('../features/auth/LoginPage')) },
      { path: '/signup', ...page(() => import('../features/auth/SignupPage')) },
      { path: '/reset-password', ...page(() => import('../features/auth/ResetPasswordPage')) },
      { path: '/account', ...page(() => import('../features/account/AccountPage')) },
      { path: '/custom-printing', ...page(() => import('../features/forms/QuotePage')) },
      { path: '/contact-us', ...page(() => import('../features/forms/ContactPage')) },
      { path: '/support', ...page(() => import('../features/forms/SupportPage')) },
      { path: '/about-us', ...page(() => import('../features/pages/AboutPage')) },
      { path: '/privacy-policy', ...page(() => import('../features/pages/PrivacyPage')) },
      { path: '/terms-and-conditions', ...page(() => import('../features/pages/TermsPage')) },
      { path: '/faqs', ...page(() => import('../features/pages/FaqsPage')) },
      {
        path: '/admin',
        element: <RequireAdmin />,
        children: [
          { index: true, ...page(() => import('../features/admin/AdminPortal')) },
          { path: 'products', ...page(() => import('../features/admin/AdminProductsPage')) },
          { path: 'items', ...page(() => import('../features/admin/AdminItemsPage')) },
          { path: 'orders/pending', ...page(() => import('../features/admin/AdminOrdersPage')) },
          { path: 'drafted-products', ...page(() => import('../features/admin/AdminDraftsPage')) },
          { path: 'inbox', ...page(() => import('../features/admin/AdminInboxPage')) },
        ],
      },
      { path: '*', ...page(() => import('../features/pages/NotFoundPage')) },
    ],
  },
];
