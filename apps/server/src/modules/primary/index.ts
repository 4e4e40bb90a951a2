/** Primary markets: IPO offerings and subscriptions (docs/primary-markets.md). Public face of the module. */
export { type AllotmentInput, type Application, allot } from './allotment.js';
export { DEMO_CALENDAR, seedOfferings } from './calendar.js';
export { consolePrimaryRoutes } from './console-routes.js';
export { primaryRoutes } from './routes.js';
export { offeringSubscriptions, offerings } from './schema.js';
