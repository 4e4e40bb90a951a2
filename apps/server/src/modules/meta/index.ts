/** App metadata: version, dictionaries, brand, figures. Public face of the module. */
export { DEFAULT_BRAND, loadBrandName, metaRoutes } from './routes.js';
export { awards, dict } from './schema.js';
