/** Customer service (issue 18, docs/support.md). Public face of the module. */
export { supportRoutes } from './routes.js';
export { supportConversations, supportMessages, supportReplies } from './schema.js';
export { SUPPORT_EVENTS, type SupportEvent } from './service.js';
