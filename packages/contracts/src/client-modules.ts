/**
 * The endpoint modules as a browser needs them: every endpoint as an `EndpointRef` (method, path, auth: what a call
 * needs) and every plain constant as it is, without the zod schemas, patterns and functions. The apps' builds put
 * this data in a virtual module (vite-plugin.ts), so calling an endpoint does not load zod; a screen that checks
 * input imports the schemas it needs from the contracts and brings zod with it.
 */
import type { z } from 'zod';
import { type Endpoint, type EndpointRef, isEndpoint } from './endpoint.js';

/** A contracts module as the client sees it: endpoints as references, plain constants kept, the rest left out. */
export type ClientModule<M> = {
  [K in keyof M as M[K] extends z.ZodType | RegExp | ((...args: never[]) => unknown) ? never : K]: M[K] extends Endpoint
    ? EndpointRef<M[K]>
    : M[K];
};

const isSchema = (value: unknown): boolean => typeof value === 'object' && value !== null && '_zod' in value;

/** The reference of an endpoint: only the fields a call reads. */
export function endpointRef(endpoint: Endpoint): EndpointRef {
  const ref: EndpointRef = { method: endpoint.method, path: endpoint.path, auth: endpoint.auth };
  if (endpoint.multipart) ref.multipart = true;
  if (endpoint.form) ref.form = true;
  if (endpoint.idempotent) ref.idempotent = true;
  return ref;
}

/**
 * `modules` (name -> an endpoint module's exports) as plain data. A constant that JSON cannot carry unchanged (a Map,
 * a schema inside an object, a Date) is an error here, at build time, rather than a different value in the browser.
 */
export function clientModules(
  modules: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, exports] of Object.entries(modules)) {
    const module: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(exports)) {
      if (isEndpoint(value)) module[key] = endpointRef(value);
      else if (isSchema(value) || typeof value === 'function' || value instanceof RegExp) continue;
      else {
        const copy: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
        if (!sameData(copy, value))
          throw new Error(`contracts ${name}.${key} is not plain data: the client cannot carry it`);
        module[key] = value;
      }
    }
    out[name] = module;
  }
  return out;
}

function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (
    Array.isArray(a) !== Array.isArray(b) ||
    Object.getPrototypeOf(b) !== (Array.isArray(b) ? Array.prototype : Object.prototype)
  )
    return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => sameData((a as never)[k], (b as never)[k]));
}
