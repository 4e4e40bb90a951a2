/** Trading robots on the simulated crypto market (issue 17, docs/strategies.md). Public face of the module. */
export { ROBOT_PRODUCTS } from './products.js';
export { robotBookPass, robotRoutes } from './routes.js';
export { robotEvents, robotNavs, robotOrders } from './schema.js';
