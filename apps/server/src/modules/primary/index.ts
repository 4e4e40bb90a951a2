/** Primary markets: IPO offerings and subscriptions (docs/primary-markets.md). Public face of the module. */
export { type AllotmentInput, type Application, allot, allotmentSeed } from './allotment.js';
export { paidFor } from './allotment-job.js';
export { DEMO_CALENDAR, PUBLISHED_FEE, seedOfferings } from './calendar.js';
export { consolePrimaryRoutes } from './console-routes.js';
export { plainPrice } from './offerings.js';
export { primaryRoutes } from './routes.js';
export { saleRoutes } from './sale-routes.js';
export { offeringSubscriptions, offerings } from './schema.js';
export { holdOf, maxLots } from './subscribe.js';
