/** The console's own: operator sign-in and second factor, customers, audit log, mail outbox, demo operators. */
export { demoOperators } from './demo-operators.js';
export { consoleRoutes } from './routes.js';
