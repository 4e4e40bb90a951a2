import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { type AppRoute, findRoute } from './routes';

/** A table entry given by hand (the component tests mount a screen at a path the table may not hold). */
export const RouteMetaContext = createContext<AppRoute | undefined>(undefined);

/** The table entry of the route being shown (undefined on the not-found screen). */
export function useRouteMeta(): AppRoute | undefined {
  const given = useContext(RouteMetaContext);
  const { pathname } = useLocation();
  return given ?? findRoute(pathname);
}
