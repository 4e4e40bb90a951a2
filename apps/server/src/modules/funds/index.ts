/** Funds, Current and Regular (issue 16, docs/fixed-income.md "Funds"). Public face of the module. */
export { createFundJob } from './job.js';
export { fundRoutes } from './routes.js';
export { fundAccruals, fundOrders, fundProducts } from './schema.js';
export { createFundService, DEMO_FUND_PRODUCTS, seedFundProducts } from './service.js';
