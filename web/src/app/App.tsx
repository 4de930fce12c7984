import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { CartProvider } from '../features/cart/CartProvider';
import { routes } from './routes';

let adminAdded = false;
const router = createBrowserRouter(routes, {
  // The admin pages join the table on the first /admin address (until then it matches the catch-all route).
  async patchRoutesOnNavigation({ path, patch }) {
    if (adminAdded || !/^\/admin(\/|$)/.test(path)) return;
    const { adminPages } = await import('./adminRoutes');
    if (!adminAdded) patch('root', [{ id: 'admin', path: '/admin', element: <RequireAdmin />, children: adminPages }]);
    adminAdded = true;
  },
});

/** The app renders its pages only after the first session check (spec section 4). */
function Gate() {
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

export function App() {
  return (
    <AuthProvider>
      <CartProvider>
        <Gate />
      </CartProvider>
    </AuthProvider>
  );
}
