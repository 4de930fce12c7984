import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { checkoutRoute } from '../features/checkout/checkoutRoutes';
import { categoryLoader, productLoader, searchLoader } from '../features/catalog/loaders';
import { homeLoader } from '../features/pages/homeLoader';

/**
 * Each page is its own chunk: a route downloads only what it shows. A page module may export its writes (`action`,
 * loaded with the page); what it reads is in its feature's loaders (features/catalog/loaders.ts,
 * features/pages/homeLoader.ts), imported here, so it starts with the page's code, not after it.
 */
const page = (load: () => Promise<{ default: ComponentType; action?: ActionFunction }>) => ({
  lazy: async () => {
    const { default: Component, action } = await load();
    return { Component, action };
  },
});

/**
 * A page whose data only it reads (the account, a customer's order): its loader and writes in a module of their own,
 * loaded beside the page's code (both at once, not one after the other), so the storefront's entry carries neither.
 * (A function, not React Router's per-property lazy object: the router marks that object's properties loaded in
 * place, so a second router made from this table, as every page test makes, would find the page gone.)
 */
const pageWithData = (
  load: () => Promise<{ default: ComponentType }>,
  data: () => Promise<{ loader: LoaderFunction; action?: ActionFunction; shouldRevalidate?: ShouldRevalidateFunction }>,
) => ({
  lazy: async () => {
    const [{ default: Component }, { loader, action, shouldRevalidate }] = await Promise.all([load(), data()]);
    return { Component, loader, action, shouldRevalidate };
  },
});

/**
 * Until the first page's loaders have answered, the app shows nothing of its own: the static shell stays
 * (app/shell.ts).
 */
const KeepTheShell = () => null;

/**
 * Every storefront route of the spec (section 2), plus /faqs, /search, /reset-password and the order pages (issue 14).
 * Loaders (features/catalog/loaders.ts, features/pages/homeLoader.ts) read a page's data beside its code; the page
 * shows once both are here. The admin routes (app/adminRoutes.ts) are added under `root` when the first /admin
 * address is opened, so storefront pages never download their table (App.tsx, patchRoutesOnNavigation).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: KeepTheShell,
    children: [
      { path: '/', loader: homeLoader, ...page(() => import('../features/pages/HomePage')) },
      {
        path: '/product-list/:category',
        loader: categoryLoader,
        ...page(() => import('../features/catalog/ProductListPage')),
      },
      { path: '/product/:id', loader: productLoader, ...page(() => import('../features/catalog/ProductPage')) },
      { path: '/search', loader: searchLoader, ...page(() => import('../features/catalog/SearchPage')) },
      checkoutRoute,
      {
        path: '/cart/restore',
        ...pageWithData(
          () => import('../features/checkout/RestorePage'),
          async () => ({ loader: (await import('../features/checkout/restoreData')).restoreLoader }),
        ),
      },
      { path: '/orderconfirmation', ...page(() => import('../features/checkout/OrderConfirmationPage')) },
      { path: '/login', ...page(() => import('../features/auth/LoginPage')) },
      { path: '/signup', ...page(() => import('../features/auth/SignupPage')) },
      { path: '/reset-password', ...page(() => import('../features/auth/ResetPasswordPage')) },
      {
        path: '/account',
        ...pageWithData(
          () => import('../features/account/AccountPage'),
          async () => {
            const { accountLoader, accountAction, accountShouldRevalidate } =
              await import('../features/account/accountData');
            return { loader: accountLoader, action: accountAction, shouldRevalidate: accountShouldRevalidate };
          },
        ),
      },
      {
        path: '/account/orders/:orderNumber',
        ...pageWithData(
          () => import('../features/orders/CustomerOrderPage'),
          async () => {
            const { customerOrderLoader, customerOrderAction } = await import('../features/orders/orderData');
            return { loader: customerOrderLoader, action: customerOrderAction };
          },
        ),
      },
      { path: '/account/add-order', ...page(() => import('../features/account/AddGuestOrderPage')) },
      { path: '/order-status', ...page(() => import('../features/orders/OrderStatusPage')) },
      { path: '/custom-printing', ...page(() => import('../features/quotes/QuoteRequestPage')) },
      { path: '/gift-cards', ...page(() => import('../features/gift-cards/GiftCardPage')) },
      { path: '/gift-cards/balance', ...page(() => import('../features/gift-cards/BalancePage')) },
      {
        path: '/quotes/:quoteId',
        ...pageWithData(
          () => import('../features/quotes/QuoteViewPage'),
          async () => {
            const { quoteLoader, quoteAction } = await import('../features/quotes/quoteData');
            return { loader: quoteLoader, action: quoteAction };
          },
        ),
      },
      { path: '/contact-us', ...page(() => import('../features/forms/ContactPage')) },
      { path: '/support', ...page(() => import('../features/forms/SupportPage')) },
      { path: '/about-us', ...page(() => import('../features/pages/AboutPage')) },
      { path: '/privacy-policy', ...page(() => import('../features/pages/PrivacyPage')) },
      { path: '/terms-and-conditions', ...page(() => import('../features/pages/TermsPage')) },
      { path: '/faqs', ...page(() => import('../features/pages/FaqsPage')) },
      {
        path: '/unsubscribe',
        ...pageWithData(
          () => import('../features/email-preferences/UnsubscribePage'),
          async () => ({ loader: (await import('../features/email-preferences/unsubscribeData')).unsubscribeLoader }),
        ),
      },
      { path: '*', ...page(() => import('../features/pages/NotFoundPage')) },
    ],
  },
];
