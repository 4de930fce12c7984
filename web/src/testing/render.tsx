import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { adminPages } from '../app/adminRoutes';
import { routes as appRoutes } from '../app/routes';
import { AuthProvider } from '../features/auth/AuthProvider';
import { CartProvider } from '../features/cart/CartProvider';

/**
 * Renders routes at `path` inside the app's providers (session and cart), as the app shell does; `router` moves it on.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = render(
    <AuthProvider>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </AuthProvider>,
  );
  return { ...rendered, router };
}

/** The storefront as the app has it (its route table: loaders, layout, lazy pages) at `path`. */
export const renderApp = (path: string) => renderRoutes(appRoutes, path);

/**
 * An access token of the admin group as the app reads it (its payload's `cognito:groups`; tests' servers do not check
 * it).
 */
export const ADMIN_TEST_TOKEN = `x.${btoa(JSON.stringify({ sub: 'admin', 'cognito:groups': ['admin'] }))}.x`;

/**
 * The admin pages as the app has them (app/adminRoutes.ts: each page with its loader, action and error page) at
 * `path` under /admin, without the admin shell and the sign-in check around them.
 */
export function renderAdmin(path: string) {
  // As under the app's root route: nothing until the page's loader has answered.
  const router = createMemoryRouter(
    [{ path: '/admin', HydrateFallback: () => null, children: adminPages[0].children }],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

/** A fetch answer with a JSON body (and any headers, e.g. a 429's Retry-After), for the fetch stubs of page tests. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ({
    ok: status < 300,
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    json: async () => body,
    text: async () => JSON.stringify(body),
  }) as unknown as Response;

/** The address a fetch stub was called with (a string, a URL or a Request). */
export const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Lets what the test's stubs have already answered be handled, for a test that checks nothing changed after it: the
 * answers are settled promises, so every step that follows from them runs before the next task. Waits for no time.
 */
export const settled = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
