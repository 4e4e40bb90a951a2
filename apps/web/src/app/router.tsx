/**
 * The hash router built from the page files (the file path is the route, pageFiles.ts) and the route
 * table (routes.ts): each screen is its own lazy chunk; a declared route without a file shows the
 * "not available yet" screen. A screen's texts load with its code (routes.ts `texts`). The login guard
 * lives in Shell.
 */
import { createHashRouter, type RouteObject } from 'react-router';
import { loadTexts } from './i18n';
import { bindRouter } from './navigation';
import { pagesByRoute, screenOf } from './pageFiles';
import { type AppRoute, appRoutes } from './routes';
import { Shell, Splash } from './Shell';
import { RouteErrorScreen } from './screens/RouteError';
import type { RouteHandle } from './useRouteMeta';

// Lazy: each screen is its own chunk, loaded when its route is first shown.
const pageModules = import.meta.glob<Record<string, unknown>>([
  '../pages/**/*.tsx',
  '!../pages/**/parts/**',
  '!../pages/**/*.test.tsx',
]);
const pageFileOf = pagesByRoute(Object.keys(pageModules));

function loadScreen(file: string) {
  const load = pageModules[file];
  if (!load) throw new Error(`no page file ${file}`);
  return () => load().then((module) => screenOf(module, file));
}

const loadUnavailable = () => import('./screens/Unavailable').then((m) => m.UnavailableScreen);
const loadNotFound = () => import('./screens/NotFound').then((m) => m.NotFoundScreen);

function toRouteObjects(route: AppRoute): RouteObject[] {
  const file = pageFileOf.get(route.path);
  const load = file ? loadScreen(file) : loadUnavailable;
  const handle: RouteHandle = { route };
  // The screen's code and the texts it needs arrive together: it never renders a raw key.
  const lazy = async () => {
    const [Component] = await Promise.all([load(), loadTexts(route.texts ?? 'rest')]);
    return { Component };
  };
  const paths = route.alias ? [route.path, route.alias] : [route.path];
  return paths.map((path) => ({ path, handle, lazy }));
}

export const router = createHashRouter([
  {
    Component: Shell,
    HydrateFallback: Splash,
    ErrorBoundary: RouteErrorScreen,
    children: [
      ...appRoutes.flatMap(toRouteObjects),
      { path: '*', lazy: async () => ({ Component: await loadNotFound() }) },
    ],
  },
]);

bindRouter(router);
