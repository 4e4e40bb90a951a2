/** Orders, positions, margin and the trading rules per asset class. Public face of the module. */
export { consoleTradingRoutes } from './console-routes.js';
export { settingsOf, termsOf } from './context.js';
export { createTradingEngine, type TradingEngine } from './engine.js';
export { nameOf, tradable } from './instruments.js';
export { type OrderPlan, type OrderRow, type PlaceInput, type PositionRow, STATUS } from './model.js';
export { type PriceBook, priceBook } from './prices.js';
export { tradingRoutes } from './routes.js';
export { tradeOrders, tradePositions, tradingSettings } from './schema.js';
export { createTradingService, type TradingService } from './service.js';
export { DEFAULT_RULES } from './settings.js';
export { type Delivery, deliverShares } from './settlement/deliver.js';
