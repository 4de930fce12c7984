import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider';
import { CartProvider } from '../features/cart/CartProvider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

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
