/** The opening (pre-market) auction (docs/primary-markets.md "Pre-market auction"). Public face of the module. */
export { AUCTION_JOB_LOCK, createAuctionJob } from './job.js';
export { auctionRoutes } from './routes.js';
export { auctionOrders } from './schema.js';
