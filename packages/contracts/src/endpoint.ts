/**
 * One contract object per endpoint: method, path under /web, who may call it, the request
 * schema (query for GET, body for POST) and the schema of `data` in the envelope.
 * The server registers routes from these, the web client types its calls with them and the
 * OpenAPI document is generated from them.
 */
import type { z } from 'zod';

export type Auth = 'public' | 'user' | 'optional' | 'operator';

export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Auth = Auth,
  I extends boolean = boolean,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /web, Fastify style (`/userMessage/:id`). */
  path: string;
  /**
   * Who may call it; the server picks its session guard from this alone, before the body is read
   * (docs/security.md "Auth is decided by the contract").
   */
  auth: A;
  summary: string;
  tag: string;
  /** Query (GET) or JSON body (POST). Multipart endpoints describe their fields here too. */
  request: Req;
  params?: Params;
  data: Data;
  /** multipart/form-data upload (field `file`). */
  multipart?: boolean;
  /** The body is sent form-encoded (application/x-www-form-urlencoded, SPEC §7); the server takes JSON too. */
  form?: boolean;
  /** Moves money: accepts an Idempotency-Key header and replays the first answer. */
  idempotent?: I;
  /** Operator role needed (console endpoints). */
  role?: 'supervisor' | 'admin' | 'reviewer';
}

export const defineEndpoint = <
  Req extends z.ZodType,
  Data extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  // Inferred as literals, so a handler's context is typed by them (ctx.user for 'user', ctx.idempotency).
  A extends Auth = Auth,
  I extends boolean = false,
>(
  e: Endpoint<Req, Data, Params, A, I>,
) => e;

/** Whether a module export is an endpoint (the fuzz and contract tests find them; client-modules.ts keeps them). */
export const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Endpoint>).method === 'string' &&
  typeof (value as Partial<Endpoint>).path === 'string' &&
  typeof (value as Partial<Endpoint>).auth === 'string';

/**
 * An endpoint as a client calls it: where and how, without its schemas, so a client bundle that only calls endpoints
 * carries no zod (issue 13: the first visit). The endpoint's own type rides along for the request and answer types.
 * Built from the contract at build time (`clientModules`, vite-plugin.ts), never written by hand.
 */
export interface EndpointRef<E extends Endpoint = Endpoint> {
  method: E['method'];
  path: string;
  auth: E['auth'];
  multipart?: boolean;
  form?: boolean;
  idempotent?: E['idempotent'];
  /** Type only: the endpoint referred to (absent at run time). */
  readonly __endpoint?: E;
}

/** The endpoint of a contract endpoint or of a reference to one. */
export type EndpointOf<X> = X extends Endpoint ? X : X extends EndpointRef<infer E> ? E : never;

export type RequestOf<X extends Endpoint | EndpointRef> = z.input<EndpointOf<X>['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type DataOf<X extends Endpoint | EndpointRef> = z.output<EndpointOf<X>['data']>;
export type ParamsOf<X extends Endpoint | EndpointRef> = [NonNullable<EndpointOf<X>['params']>] extends [never]
  ? undefined
  : NonNullable<EndpointOf<X>['params']> extends z.ZodType
    ? z.input<NonNullable<EndpointOf<X>['params']>>
    : undefined;

/** `path` with its `:name` parameters filled from `params`, each URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
}

function toQuery(request: unknown): string {
  if (!request || typeof request !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/**
 * Where a call of `endpoint` goes, under /web: its path with the parameters filled, and for GET and DELETE the
 * request as the query (a POST carries it as its JSON body). The API client and the server's tests share it.
 */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  request: unknown,
  params: Record<string, unknown> | undefined,
): string {
  const path = fillPath(endpoint.path, params);
  return endpoint.method === 'GET' || endpoint.method === 'DELETE' ? `${path}${toQuery(request)}` : path;
}
