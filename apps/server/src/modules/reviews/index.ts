/** Identity review and the review queue every reviewed request shares. Public face of the module. */
export {
  customerPage,
  type Decision,
  likeEscape,
  pendingOnly,
  type QueueFilter,
  type ReviewStatusValue,
  reviewFields,
  reviewQueue,
} from './queue.js';
export { moneyDetail, type ReviewedService, reviewQueueRoutes } from './queue-routes.js';
export { reviewRoutes } from './routes.js';
export { kycSubmissions } from './schema.js';
