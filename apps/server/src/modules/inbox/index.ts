/** The customer's inbox and account events. Public face of the module. */
export { inboxRoutes } from './routes.js';
export { userMessages } from './schema.js';
export { ACCOUNT_EVENTS, type AccountEvent, type MessageParams, notify, notifyEveryone } from './service.js';
