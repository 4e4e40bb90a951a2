/**
 * The hash router's routes, built from the page files (the file path is the route, pageFiles.ts) and the route
 * table (routes.ts): each screen is its own lazy chunk; a declared route without a file shows the "not available
 * yet" screen. A screen's texts load with its code (routes.ts `texts`). The login guard, the loading bar and the
 * error screen live in Shell.
 *
 * Declarative routes (HashRouter, Routes): the app uses no loaders or actions, and the data router costs about 15 kB
 * more on the first visit (bench/reports/first-visit.md).
 */
import { type ComponentType, lazy } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { loadTexts } from './i18n';
import { NavigationBinder } from './navigation';
import { pagesByRoute, screenOf } from './pageFiles';
import { type AppRoute, appRoutes } from './routes';
import { Shell } from './Shell';
import { trackScreenLoad } from './screenLoads';

// Lazy: each screen is its own chunk, loaded when its route is first shown.
const pageModules = import.meta.glob<Record<string, unknown>>([
  '../pages/**/*.tsx',
  '!../pages/**/parts/**',
  '!../pages/**/*.test.tsx',
]);
const pageFileOf = pagesByRoute(Object.keys(pageModules));

function loadScreen(file: string): () => Promise<ComponentType> {
  const load = pageModules[file];
  if (!load) throw new Error(`no page file ${file}`);
  return () => load().then((module) => screenOf(module, file));
}

const loadUnavailable = () => import('./screens/Unavailable').then((m) => m.UnavailableScreen);
const loadNotFound = () => import('./screens/NotFound').then((m) => m.NotFoundScreen);

/** The screen's code and the texts it needs arrive together: it never renders a raw key. */
function lazyScreen(load: () => Promise<ComponentType>, texts: AppRoute['texts'] = 'rest') {
  return lazy(() =>
    trackScreenLoad(Promise.all([load(), loadTexts(texts)]).then(([Component]) => ({ default: Component }))),
  );
}

function routeElements(route: AppRoute) {
  const file = pageFileOf.get(route.path);
  const Screen = lazyScreen(file ? loadScreen(file) : loadUnavailable, route.texts);
  const paths = route.alias ? [route.path, route.alias] : [route.path];
  return paths.map((path) => <Route key={path} path={path} element={<Screen />} />);
}

const NotFound = lazyScreen(loadNotFound, 'shell');
const screenRoutes = appRoutes.flatMap(routeElements);

export function AppRouter() {
  return (
    <HashRouter>
      <NavigationBinder />
      <Routes>
        <Route element={<Shell />}>
          {screenRoutes}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
