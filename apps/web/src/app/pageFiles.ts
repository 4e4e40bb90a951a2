/**
 * The file path is the route: `pages/<area>/<page>.tsx`, or `pages/<area>/<page>/index.tsx` for a
 * screen split into parts (its parts in `parts/`, never routes), is the screen of `/pages/<area>/<page>`.
 * A route file exports its screen as one `<Name>Page` component. Pure functions over the file names
 * Vite's glob gives (router.tsx) or the file system lists (the browser tests), so both agree.
 */
import type { ComponentType } from 'react';

/** The route of a page file (`../pages/trade/detail/index.tsx` -> `/pages/trade/detail`), or undefined. */
export function routeOfPageFile(file: string): string | undefined {
  const match = /(?:^|\/)pages\/([^/]+)\/([^/]+?)(?:\/index)?\.tsx$/.exec(file);
  return match ? `/pages/${match[1]}/${match[2]}` : undefined;
}

/** The page file of each route; a file that is not a route file, or two files for one route, is an error. */
export function pagesByRoute(files: readonly string[]): Map<string, string> {
  const byRoute = new Map<string, string>();
  for (const file of files) {
    const route = routeOfPageFile(file);
    if (!route) throw new Error(`${file} is not a route file (a screen's parts go under parts/)`);
    const other = byRoute.get(route);
    if (other) throw new Error(`${route} has two page files: ${other} and ${file}`);
    byRoute.set(route, file);
  }
  return byRoute;
}

/** The screen a route file exports: its one `<Name>Page` export. */
export function screenOf(module: Record<string, unknown>, file: string): ComponentType {
  const names = Object.keys(module).filter((name) => /^[A-Z]\w*Page$/.test(name));
  const screen = names.length === 1 && names[0] ? module[names[0]] : undefined;
  if (typeof screen !== 'function') throw new Error(`${file} must export exactly one <Name>Page component`);
  return screen as ComponentType;
}
