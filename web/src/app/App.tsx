import {
  RouterProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type createBrowserRouter,
} from 'react-router-dom';
import { nextTask } from '../lib/tasks';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { CartProvider } from '../features/cart/CartProvider';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router, as React Router's `createBrowserRouter` makes it, in three tasks of the main thread
 * (docs/decisions/0134): the history (its first `history.replaceState`), the router (the route table compiled and
 * ranked), then its start (the first page's loaders and code, features/catalog/loaders.ts, routes.tsx). Made in one
 * call they were one task of 20-75 ms here, most of it compiling the router's code on its first run: a phone (4 times
 * slower) would answer no tap for 80-300 ms. Its longest task is now about 12 ms.
 */
export async function createAppRouter(): Promise<Router> {
  const history = createBrowserHistory({ window });
  await nextTask();
  let adminAdded = false;
  const router = createRouter({
    history,
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
    window,
    // The admin pages join the table on the first /admin address (until then it matches the catch-all route).
    async patchRoutesOnNavigation({ path, patch }) {
      if (adminAdded || !/^\/admin(\/|$)/.test(path)) return;
      const { adminPages } = await import('./adminRoutes');
      if (!adminAdded)
        patch('root', [{ id: 'admin', path: '/admin', element: <RequireAdmin />, children: adminPages }]);
      adminAdded = true;
    },
  });
  await nextTask();
  return router.initialize();
}

/** Settles once the router's first page is whole: its code and its loaders' data are here (or its error is). */
export function firstPage(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** The app renders its pages only after the first session check (spec section 4). */
function Gate({ router }: { router: Router }) {
  const { ready } = useAuth();
  if (!ready) {
    return (
      <div className="app-loading" role="status" aria-live="polite">
        Loading the shop…
      </div>
    );
  }
  return <RouterProvider router={router} />;
}

export function App({ router }: { router: Router }) {
  return (
    <AuthProvider>
      <CartProvider>
        <Gate router={router} />
      </CartProvider>
    </AuthProvider>
  );
}
