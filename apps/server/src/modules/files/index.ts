/** Uploaded files and the references that keep them. Public face of the module. */
export { assertOwnFiles, operatorImages } from './own.js';
export { type FileRef, fileMap, fileRefs } from './refs.js';
export { fileRoutes } from './routes.js';
