import type { RouteObject } from 'react-router-dom';
import { SPA_ROUTES } from '#shared/pages';
import { adminPages } from './adminRoutes';
import { routes } from './routes';

/** Every full path a route table declares (a child's path under its parent's; index routes are the parent's). */
function pathsOf(table: RouteObject[], base = ''): string[] {
  return table.flatMap((route) => {
    const own =
      route.path === undefined
        ? base
        : route.path.startsWith('/')
          ? route.path
          : `${base.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined || route.index ? [own] : [];
    return [...here, ...pathsOf(route.children ?? [], own)];
  });
}

it("shared/pages.ts SPA_ROUTES is exactly the router's routes (CloudFront and the gateway answer 404 for anything else)", () => {
  // The catch-all (`*`) is the not-found page: what every other address shows, with a 404.
  const storefront = pathsOf(routes).filter((path) => !path.endsWith('*'));
  const admin = pathsOf([{ path: '/admin', children: adminPages }]);
  expect(new Set([...storefront, ...admin])).toEqual(new Set(SPA_ROUTES));
});
