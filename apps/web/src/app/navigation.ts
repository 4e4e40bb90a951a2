/**
 * Navigation for code outside React (the API client's logout on 401) and the rules every
 * screen shares: where the login screen sends you back to, and what "back" does when the app
 * was opened on a deep link and there is nothing behind the current page.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { paths } from './paths';

let navigate: NavigateFunction | null = null;
let waiting: { to: string; shown: () => void }[] = [];

/** A screen change not shown after this long resolves anyway (a navigation that another replaced). */
const SHOWN_WITHIN_MS = 5000;

/** Hands the router's navigate to navigateTo, and tells it which location is on screen. */
export function NavigationBinder(): null {
  const bound = useNavigate();
  const { pathname, search } = useLocation();
  const [openedAt] = useState(pathname);
  useEffect(() => {
    navigate = bound;
    return () => {
      navigate = null;
    };
  }, [bound]);
  useEffect(() => {
    const shown = `${pathname}${search}`;
    for (const w of waiting) if (w.to === shown) w.shown();
    waiting = waiting.filter((w) => w.to !== shown);
  }, [pathname, search]);
  // Screens slide in once the user has moved (theme.css .page): the first screen takes the splash's place at once.
  // Faded in from transparent, its text counted as painted only when the fade had got going (Chromium's largest
  // contentful paint came 90-280 ms later than without it, bench/lighthouse). Before the browser paints the screen
  // moved to: set after it, that screen would show at once and then start its fade from transparent.
  useLayoutEffect(() => {
    if (pathname !== openedAt) document.documentElement.dataset.navigated = '';
  }, [pathname, openedAt]);
  return null;
}

/** Resolves once the new screen is shown (the router changes screens in a transition, after their code loads). */
export function navigateTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (!navigate) {
    if (options.replace) window.location.replace(`#${to}`);
    else window.location.hash = `#${to}`;
    return Promise.resolve();
  }
  const shown = new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, SHOWN_WITHIN_MS);
    waiting.push({
      to,
      shown: () => {
        window.clearTimeout(timer);
        resolve();
      },
    });
  });
  void navigate(to, options);
  return shown;
}

/** The latest in-app location (path and query), also while the router is still changing screens to it. */
export function currentLocation(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/** Login URL that comes back to `from` after a successful login. */
export function loginPathFor(from?: string): string {
  if (!from || from.startsWith('/pages/auth/') || from === '/' || from.startsWith('/pages/index/'))
    return paths.login();
  return paths.login({ redirect: from });
}

/**
 * Only in-app page paths are followed after login; anything else (an absolute URL, a
 * protocol-relative one) falls back to the profile.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (value && /^\/pages\/[A-Za-z0-9/_-]+(\?.*)?$/.test(value) && !value.startsWith('/pages/auth/')) return value;
  return paths.profile();
}

/** True when the browser history holds an earlier page of this app (react-router keeps `idx`). */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}
