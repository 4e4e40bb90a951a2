/** Loans (issue 18, docs/loans.md). Public face of the module. */
export { createLoanJob } from './job.js';
export { loanRoutes } from './routes.js';
export { loanRepayments, loans } from './schema.js';
export { createLoanService } from './service.js';
