/** The hash router built from the route table: lazy screens (the login guard lives in Shell). */
import { createHashRouter, type RouteObject } from 'react-router';
import { bindRouter } from './navigation';
import { type AppRoute, appRoutes } from './routes';
import { Shell, Splash } from './Shell';
import { RouteErrorScreen } from './screens/RouteError';
import type { RouteHandle } from './useRouteMeta';

const loadUnavailable = () => import('./screens/Unavailable').then((m) => m.UnavailableScreen);
const loadNotFound = () => import('./screens/NotFound').then((m) => m.NotFoundScreen);

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { route } satisfies RouteHandle,
    lazy: async () => ({ Component: await (route.page ?? loadUnavailable)() }),
  };
}

export const router = createHashRouter([
  {
    Component: Shell,
    HydrateFallback: Splash,
    ErrorBoundary: RouteErrorScreen,
    children: [...appRoutes.map(toRouteObject), { path: '*', lazy: async () => ({ Component: await loadNotFound() }) }],
  },
]);

bindRouter(router);
