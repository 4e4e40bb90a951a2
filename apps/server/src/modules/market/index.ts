/** Market calls, watchlist and the live-quotes socket. Public face of the module. */
export { QUOTE_TICKS } from './live.js';
export { marketRoutes } from './routes.js';
export { watchlistItems } from './schema.js';
