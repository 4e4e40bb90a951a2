/** Primary markets: IPO offerings and subscriptions (docs/primary-markets.md). Public face of the module. */
export { DEMO_CALENDAR, seedOfferings } from './calendar.js';
