/** Block trades: permission, the desk, confirmations and block orders (docs/primary-markets.md). Public face. */
export { blockTradeRoutes } from './routes.js';
export { blockConfirmations, blockPermissions, blockTrades } from './schema.js';
