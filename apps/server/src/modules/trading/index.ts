/** Orders, positions, margin and the trading rules per asset class. Public face of the module. */
export { consoleTradingRoutes } from './console-routes.js';
export { tradingRoutes } from './routes.js';
export { createTradingService } from './service.js';
