/**
 * Navigation for code outside React (the API client's logout on 401) and the rules every
 * screen shares: where the login screen sends you back to, and what "back" does when the app
 * was opened on a deep link and there is nothing behind the current page.
 */
import type { createHashRouter } from 'react-router';
import { paths } from './paths';

type Router = ReturnType<typeof createHashRouter>;

let router: Router | null = null;

export function bindRouter(instance: Router): void {
  router = instance;
}

/** Resolves once the new screen is shown. */
export async function navigateTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (router) await router.navigate(to, options);
  else window.location.hash = `#${to}`;
}

/** The current in-app location (path and query) of the hash router. */
export function currentLocation(): string {
  if (router) {
    const { pathname, search } = router.state.location;
    return `${pathname}${search}`;
  }
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
