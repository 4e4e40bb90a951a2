/** Placings (SPO / QIP) of listed stocks (docs/primary-markets.md "Placings"). Public face of the module. */
export { DEMO_PLACINGS, seedPlacings } from './calendar.js';
export { createPlacingJob } from './job.js';
export { placingRoutes } from './routes.js';
export { placingConfirmations, placingSubscriptions, placings } from './schema.js';
