/** Wallets: balances, the bill, transfers between wallets. Public face of the module. */
export { consoleWalletRoutes } from './console-routes.js';
export { type PortfolioFigures, walletRoutes } from './routes.js';
export { bill, createWalletService, eurUsd } from './service.js';
