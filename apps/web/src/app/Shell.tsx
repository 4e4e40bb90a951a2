import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useBrandQuery } from '../api/dict';
import { useIsLoggedIn } from '../api/session';
import { BrandMark } from '../components/BrandMark';
import { useDelayed } from '../lib/useDelayed';
import { currentLocation, loginPathFor } from './navigation';
import { findRoute } from './routes';
import { useScreenLoading } from './screenLoads';
import { RouteErrorBoundary } from './screens/RouteError';
import { TabBar } from './TabBar';
import { useRouteMeta } from './useRouteMeta';

const GuestTabScreen = lazy(() => import('./screens/GuestTab').then((m) => ({ default: m.GuestTabScreen })));

/**
 * The frame around every screen: the page, the tab bar on tab routes, a bar while a screen loads.
 * It also guards routes that need a login: guests are sent to the login screen, which returns
 * here afterwards. The redirect replaces the history entry, so back from the login screen goes
 * where the user came from, not into the guarded page again (a loader redirect would push).
 * A tab that needs a login (watchlist, trade) is not left: it asks the guest to log in in place,
 * with the tab bar, so the other tabs stay one tap away.
 */
export function Shell() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  // The router may already be on its way elsewhere (React commits route changes in a
  // transition): a session that ends right after leaving a guarded screen must not bounce back.
  const latestPath = currentLocation().split('?')[0] ?? '';
  const guard = Boolean(meta?.auth) && !loggedIn && Boolean(findRoute(latestPath)?.auth);
  const showProgress = useDelayed(useScreenLoading());
  const { brand } = useBrandQuery();
  const title = meta ? t(meta.titleKey) : '';

  // The same element until the path changes: an update of the shell alone (the brand's answer, the loading bar, a
  // session change) then leaves the screen below as it is. Without it, such an update (rendered at once and whole
  // when it comes from a query or a store) re-rendered the screen with it, and on a first visit it came in the moment
  // the screen's code arrived: the whole first screen in one long task instead of in a transition's slices.
  const at = location.pathname;
  const screen = useMemo(
    () => (
      <RouteErrorBoundary at={at}>
        <Suspense fallback={<SplashMark />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    ),
    [at],
  );

  useEffect(() => {
    document.title = title && meta?.tab !== 'home' ? `${title} · ${brand.name}` : brand.name;
  }, [title, brand.name, meta?.tab]);

  return (
    <div className="app">
      {showProgress && <div className="top-progress" aria-hidden="true" />}
      {/* The screen's path as committed: a route change renders in a transition, so the screen left stays up (and this
          with it) until the new one's code has come; a check of "the screen at this URL" waits for it. */}
      <div className="app__body" data-screen={at}>
        {!guard ? (
          screen
        ) : meta?.tab ? (
          <Suspense fallback={null}>
            <GuestTabScreen tab={meta.tab} />
          </Suspense>
        ) : (
          <Navigate replace to={loginPathFor(`${location.pathname}${location.search}`)} />
        )}
      </div>
      {meta?.tab && <TabBar active={meta.tab} />}
    </div>
  );
}

/** Shown while the first screen's code loads (later screens load while the one being left stays up). */
function SplashMark() {
  return (
    <div className="splash">
      <BrandMark size={56} />
    </div>
  );
}
