/**
 * The UI texts travel in two parts per language, cut at build time (vite-plugin.ts) from the one editable
 * catalogue (en.json, nl.json, zh-Hans.json, plus the contracts' validation and error catalogue):
 * - 'shell': the top-level groups the frame and the first-visit screens use (routes.ts `texts: 'shell'`), fetched
 *   before the first render;
 * - 'rest': every other group, fetched together with the code of any other screen (router.tsx).
 * parts.test.ts fails when a shell screen, or anything it imports, uses a group that is not listed here.
 */

/** The groups of the shell part, of either catalogue (their group names never clash: locales.test.ts). */
export const SHELL_GROUPS: readonly string[] = [
  // The frame: tabs (the inbox badge), titles, errors of a route, the guest prompt of a tab, the language sheet.
  'common',
  'tabs',
  'routes',
  'routeError',
  'notFound',
  'unavailable',
  'guestTab',
  'states',
  'simulated',
  'settings',
  'profile',
  'notice',
  // Home, the guide and the market screens.
  'home',
  'guide',
  'movers',
  'figures',
  'live',
  'market',
  'phase',
  'quote',
  'hk',
  'search',
  'watchlist',
  // The news sections of home and the quote screens (components/news), loaded as they come into view.
  'news',
  // The contracts' catalogue: validation and error messages can show on any screen.
  'validation',
  'errors',
  'markets',
  'wallets',
];

export type TextPart = 'shell' | 'rest';

export const TEXT_PARTS: readonly TextPart[] = ['shell', 'rest'];

/** The groups of `catalogue` that belong to `part`. */
export function pickPart<T extends Record<string, unknown>>(catalogue: T, part: TextPart): Partial<T> {
  const inShell = new Set(SHELL_GROUPS);
  return Object.fromEntries(
    Object.entries(catalogue).filter(([group]) => inShell.has(group) === (part === 'shell')),
  ) as Partial<T>;
}
