/**
 * The hash router's routes, built from the page files (the file path is the route, pageFiles.ts) and the route
 * table (routes.ts): each screen is its own lazy chunk; a declared route without a file shows the "not available
 * yet" screen. A screen's texts load with its code (routes.ts `texts`). The login guard, the loading bar and the
 * error screen live in Shell.
 *
 * Declarative routes (HashRouter, Routes): the app uses no loaders or actions, and the data router costs about 15 kB
 * more on the first visit (bench/reports/first-visit.md).
 */
import { type ComponentType, lazy, useState } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { getToken } from '../api/session';
import { loadTexts } from './i18n';
import { NavigationBinder } from './navigation';
import { pagesByRoute, screenOf } from './pageFiles';
import { type AppRoute, appRoutes, findRoute } from './routes';
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

/**
 * The screen's code and the texts it needs arrive together: it never renders a raw key. `preload` fetches both ahead
 * of the first render (preloadScreen); a screen whose code is already here when it mounts renders at once instead of
 * through `lazy`, which would suspend on it anyway: the first visit then committed the splash as the fallback, and
 * React holds a boundary's content back for up to 300 ms after its fallback showed (about 180 ms of an idle main
 * thread before the first screen asked for its data, in a Lighthouse trace of home).
 */
function lazyScreen(load: () => Promise<ComponentType>, texts: AppRoute['texts'] = 'rest') {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = (): Promise<ComponentType> => {
    loading ??= Promise.all([load(), loadTexts(texts)]).then(
      ([Component]) => {
        loaded = Component;
        return Component;
      },
      (error: unknown) => {
        loading = undefined; // a chunk that failed to arrive (offline) is asked for again next time
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => trackScreenLoad(preload()).then((Component) => ({ default: Component })));
  function Screen() {
    // Decided once per mount: switching from Lazy to the component later would mount the screen a second time.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Screen, { preload });
}

const screenByPath = new Map<string, ReturnType<typeof lazyScreen>>();

function routeElements(route: AppRoute) {
  const file = pageFileOf.get(route.path);
  const Screen = lazyScreen(file ? loadScreen(file) : loadUnavailable, route.texts);
  const paths = route.alias ? [route.path, route.alias] : [route.path];
  for (const path of paths) screenByPath.set(path, Screen);
  return paths.map((path) => <Route key={path} path={path} element={<Screen />} />);
}

const NotFound = lazyScreen(loadNotFound, 'shell');
const screenRoutes = appRoutes.flatMap(routeElements);

/**
 * Fetches the code and texts of the screen at `path` (the first screen, from main.tsx, while the shell's texts load),
 * so that the first render has it at hand. Never rejects: a screen that fails to load is the error screen's business.
 * A guarded screen a guest cannot see is left alone.
 */
export function preloadScreen(path: string): Promise<unknown> {
  const screen = screenByPath.get(path);
  if (!screen || (findRoute(path)?.auth && !getToken())) return Promise.resolve();
  return screen.preload().catch(() => undefined);
}

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
