/**
 * The HTTP edge: every answer is an envelope {code, msg, data} whose HTTP status mirrors
 * code, msg translated from the request language. Routes are registered from contract
 * objects, so validation, types and the OpenAPI document all come from packages/contracts.
 */
import {
  BODY_MAX_BYTES,
  Code,
  E,
  type Endpoint,
  type ParamsOf,
  type ParsedRequestOf,
  UPLOAD_MAX_BYTES,
} from '@beurs/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type CurrentOperator, type CurrentUser, guardSpecOf, type Sessions } from './auth.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import { requestLanguage, translate } from './i18n.js';
import { type IdempotentRequest, idempotencyKeyOf } from './idempotency.js';
import { runWithMarks } from './timeline.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What route() needs beyond the endpoint: the session guards it runs from the contract's auth and the
     * clock that dates idempotent requests. buildApp decorates the root instance; every plugin inherits them.
     */
    sessions: Sessions;
    clock: Clock;
  }
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
  reason?: string;
  field?: string;
  requestId?: string;
}

const MB = 1024 * 1024;

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const lang = requestLanguage(req);
  const body: Envelope = { code: err.code, msg: translate(lang, err.key, err.params), data: null };
  if (err.reason) body.reason = err.reason;
  if (err.field) body.field = err.field;
  return reply.code(err.code).type('application/json; charset=utf-8').send(body);
}

/** Maps any thrown error to an envelope; only unexpected ones are logged as errors. */
export function installEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const key = first?.message ?? '';
      const known = key.startsWith('validation.') || key.startsWith('errors.');
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const appErr = new AppError(Code.invalid, (known ? key : E.invalidBody) as never, {}, undefined, field);
      return sendError(req, reply, appErr);
    }
    const status = (error as FastifyError).statusCode;
    // A file over the upload limit and a request body over the body limit are different mistakes.
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(req, reply, new AppError(Code.payloadTooLarge, E.uploadTooLarge, { n: UPLOAD_MAX_BYTES / MB }));
    }
    if (status === 413) {
      return sendError(req, reply, new AppError(Code.payloadTooLarge, E.bodyTooLarge, { n: BODY_MAX_BYTES / MB }));
    }
    if (status === 415) return sendError(req, reply, new AppError(Code.unsupportedMedia, E.invalidBody));
    if (status === 429) return sendError(req, reply, new AppError(Code.tooMany, E.tooMany));
    if (status && status >= 400 && status < 500) {
      return sendError(req, reply, new AppError(Code.invalid, E.invalidBody));
    }
    req.log.error({ err: error, reqId: req.id }, 'unexpected error');
    const lang = requestLanguage(req);
    return reply.code(500).send({
      code: Code.internal,
      msg: translate(lang, E.internal, { requestId: req.id }),
      data: null,
      requestId: String(req.id),
    } satisfies Envelope);
  });

  app.setNotFoundHandler((req, reply) => sendError(req, reply, new AppError(Code.notFound, E.urlNotFound)));
}

export const ok = <T>(data: T) => ({ code: Code.ok, msg: 'success', data });

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A success envelope serialised once, to be sent as is by route() (the quote lists build one per second and
 * send it to every caller of that second: modules/market/routes.ts). Only `SerializedAnswer.of` makes one,
 * and it parses the data through the endpoint's contract exactly as route() does for every other answer, so
 * what goes out is no less a DTO than a fresh answer: the parse is not skipped, it is paid once per answer
 * built instead of once per request.
 */
export class SerializedAnswer<E extends Endpoint = Endpoint> {
  private constructor(
    readonly endpoint: E,
    readonly json: Buffer,
  ) {}

  static of<E extends Endpoint>(endpoint: E, data: z.input<E['data']>): SerializedAnswer<E> {
    return new SerializedAnswer(endpoint, Buffer.from(JSON.stringify(ok(endpoint.data.parse(data)))));
  }
}

/** The caller as the contract's auth promises it: always there for 'user' and 'operator', maybe for 'optional'. */
export type CallerOf<E extends Endpoint> = E['auth'] extends 'user'
  ? { user: CurrentUser }
  : E['auth'] extends 'operator'
    ? { operator: CurrentOperator }
    : E['auth'] extends 'optional'
      ? { user?: CurrentUser }
      : unknown;

/** An idempotent endpoint's handler gets its request (key, scope, path, body, time) ready for runIdempotent. */
export type IdempotencyOf<E extends Endpoint> = [NonNullable<E['idempotent']>] extends [true]
  ? { idempotency: IdempotentRequest }
  : unknown;

export type HandlerContext<E extends Endpoint> = {
  req: FastifyRequest;
  reply: FastifyReply;
  body: ParsedRequestOf<E>;
  params: NonNullable<E['params']> extends z.ZodType ? z.output<NonNullable<E['params']>> : ParamsOf<E>;
} & CallerOf<E> &
  IdempotencyOf<E>;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The session guard of an endpoint, from its contract alone; none for public endpoints. */
function guardOf(sessions: Sessions, endpoint: Endpoint): Hook | undefined {
  switch (endpoint.auth) {
    case 'public':
      return undefined;
    case 'optional':
      return sessions.optionalUser;
    case 'user':
      return sessions.requireUser;
    case 'operator':
      return sessions.requireOperator(endpoint.role ?? 'reviewer');
  }
}

/** The idempotent request of a call that passed its guard and validation; 400 without a well-formed key. */
function idempotencyOf(req: FastifyRequest, clock: Clock, body: unknown): IdempotentRequest {
  const scope = req.operator ? `op:${req.operator.id}` : req.user ? `u:${req.user.id}` : undefined;
  if (!scope) throw new Error(`idempotent ${req.url} answered without a caller`);
  return { scope, key: idempotencyKeyOf(req), endpoint: req.url.split('?')[0] ?? req.url, body, at: clock.now() };
}

/**
 * Registers a contract endpoint (under the /web prefix of the plugin it is called in). The contract decides
 * who may call it: its auth and role pick the session guard, which runs as the route's first onRequest hook,
 * before the body is read, parsed or validated, so a caller without the right session gets 401 (403 for too
 * low a role) whatever it sent. An idempotent endpoint's Idempotency-Key is read after validation and handed
 * to the handler as ctx.idempotency. `options` carry what the contract does not say (rate limits, other
 * hooks); a session guard among them is refused. The handler returns the `data` of the envelope, or that
 * envelope already parsed and serialised for this endpoint (SerializedAnswer).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    ctx: HandlerContext<E>,
  ) => Promise<z.input<E['data']> | SerializedAnswer<E>> | z.input<E['data']> | SerializedAnswer<E>,
  options: { preHandler?: Hook[]; config?: object } = {},
) {
  const name = `${endpoint.method} ${endpoint.path}`;
  // A guard of its own would run after the body was parsed, or contradict the contract: refused, not tolerated.
  const handWritten = options.preHandler?.map(guardSpecOf).find(Boolean);
  if (handWritten) {
    const says = endpoint.role ? `auth '${endpoint.auth}', role '${endpoint.role}'` : `auth '${endpoint.auth}'`;
    throw new Error(
      `${name}: auth comes from the contract (${says}); remove preHandler ${JSON.stringify(handWritten)}`,
    );
  }
  if (endpoint.idempotent && endpoint.auth !== 'user' && endpoint.auth !== 'operator') {
    throw new Error(`${name}: an idempotent endpoint needs a caller to scope its keys (auth 'user' or 'operator')`);
  }
  if (endpoint.role && endpoint.auth !== 'operator') throw new Error(`${name}: a role without auth 'operator'`);
  if (endpoint.auth !== 'public' && !app.hasDecorator('sessions')) {
    throw new Error(`${name}: route() needs app.sessions (decorated by buildApp)`);
  }
  const guard = endpoint.auth === 'public' ? undefined : guardOf(app.sessions, endpoint);
  const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    // A form-encoded contract (SPEC §7 order/save) is the only kind the form parser (app.ts) serves.
    config: (endpoint.form ? { ...(options.config ?? {}), form: true } : (options.config ?? {})) as object,
    onRequest: guard ? [guard] : [],
    preHandler: options.preHandler ?? [],
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.multipart ? {} : isQuery ? { querystring: endpoint.request } : { body: endpoint.request }),
      ...(endpoint.form ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth === 'public' ? {} : { security: [{ token: [] }] }),
    },
    handler: async (req, reply) => {
      const body = (isQuery ? req.query : req.body) as ParsedRequestOf<E>;
      const ctx = {
        req,
        reply,
        body,
        params: req.params,
        ...(req.user ? { user: req.user } : {}),
        ...(req.operator ? { operator: req.operator } : {}),
        ...(endpoint.idempotent ? { idempotency: idempotencyOf(req, app.clock, body) } : {}),
      };
      // The guard above set what CallerOf<E> promises, and IdempotencyOf<E> is there when the contract says so.
      const data = await runWithMarks(req.marks, () => handler(ctx as HandlerContext<E>));
      if (data instanceof SerializedAnswer) {
        // Already parsed through the contract when it was serialised; only this endpoint's answer may go out.
        if (data.endpoint !== endpoint) throw new Error(`answer of ${data.endpoint.path} sent on ${endpoint.path}`);
        return reply.type(JSON_TYPE).send(data.json);
      }
      // Parsing the answer through the contract strips anything that is not part of the DTO.
      return ok(endpoint.data.parse(data));
    },
  });
}
