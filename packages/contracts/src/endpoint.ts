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
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /web, Fastify style (`/userMessage/:id`). */
  path: string;
  auth: Auth;
  summary: string;
  tag: string;
  /** Query (GET) or JSON body (POST). Multipart endpoints describe their fields here too. */
  request: Req;
  params?: Params;
  data: Data;
  /** multipart/form-data upload (field `file`). */
  multipart?: boolean;
  /** Moves money: accepts an Idempotency-Key header and replays the first answer. */
  idempotent?: boolean;
  /** Operator role needed (console endpoints). */
  role?: 'admin' | 'reviewer';
}

export const defineEndpoint = <
  Req extends z.ZodType,
  Data extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
>(
  e: Endpoint<Req, Data, Params>,
) => e;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;
export type ParamsOf<E extends Endpoint> = [NonNullable<E['params']>] extends [never]
  ? undefined
  : NonNullable<E['params']> extends z.ZodType
    ? z.input<NonNullable<E['params']>>
    : undefined;
