import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { CartProvider } from '../features/cart/CartProvider';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router. Creating it starts the first page's loaders and code (app/loaders.ts, routes.tsx), so main.tsx
 * creates it in a task of its own, after the modules have run.
 */
export function createAppRouter(): Router {
  let adminAdded = false;
  return createBrowserRouter(routes, {
    // The admin pages join the table on the first /admin address (until then it matches the catch-all route).
    async patchRoutesOnNavigation({ path, patch }) {
      if (adminAdded || !/^\/admin(\/|$)/.test(path)) return;
      const { adminPages } = await import('./adminRoutes');
      if (!adminAdded)
        patch('root', [{ id: 'admin', path: '/admin', element: <RequireAdmin />, children: adminPages }]);
      adminAdded = true;
    },
  });
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
