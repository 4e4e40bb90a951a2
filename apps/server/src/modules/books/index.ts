/** The books: trial balance (now and scheduled) and manual adjustments under four eyes. Public face of the module. */
export { adjustmentReference, approverRoleFor } from './adjustments.js';
export { consoleBooksRoutes } from './console-routes.js';
export { adjustmentProposals, trialBalanceChecks } from './schema.js';
export { createTrialBalanceJob, type TrialBalanceJob, trialBalance } from './trial-balance.js';
