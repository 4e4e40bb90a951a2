/** News and articles (docs/news.md). Public face of the module. */
export { articleRoutes } from './routes.js';
export { articles } from './schema.js';
export { createWrapJob, WRAP_JOB_LOCK, wrapSession } from './wrap.js';
