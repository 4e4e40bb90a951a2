/** Withdrawals: bank cards, crypto addresses, payout requests and their review. Public face of the module. */
export { withdrawalRoutes } from './routes.js';
export { userAccounts, withdrawals } from './schema.js';
