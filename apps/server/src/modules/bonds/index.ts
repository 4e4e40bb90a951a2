/** Treasury bonds (issue 16, docs/fixed-income.md). Public face of the module. */
export { createBondService } from './holdings.js';
export { createBondJob } from './job.js';
export { bondRoutes } from './routes.js';
export { bondHoldings } from './schema.js';
