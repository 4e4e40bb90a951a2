/**
 * The HTTP edge: every answer is an envelope {code, msg, data} whose HTTP status mirrors
 * code, msg translated from the request language. Routes are registered from contract
 * objects, so validation, types and the OpenAPI document all come from packages/contracts.
 */
import { Code, E, type Endpoint, type ParamsOf, type ParsedRequestOf } from '@beurs/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './errors.js';
import { requestLanguage, translate } from './i18n.js';

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
  reason?: string;
  field?: string;
  requestId?: string;
}

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
    if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(req, reply, new AppError(Code.payloadTooLarge, E.uploadTooLarge, { n: 5 }));
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

export interface HandlerContext<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: ParsedRequestOf<E>;
  params: NonNullable<E['params']> extends z.ZodType ? z.output<NonNullable<E['params']>> : ParamsOf<E>;
}

/**
 * Registers a contract endpoint. `prefix` is where /web is mounted. Hooks (auth, rate limits)
 * come from the options the caller passes; the handler returns the `data` of the envelope, or that
 * envelope already parsed and serialised for this endpoint (SerializedAnswer).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    ctx: HandlerContext<E>,
  ) => Promise<z.input<E['data']> | SerializedAnswer<E>> | z.input<E['data']> | SerializedAnswer<E>,
  options: { preHandler?: Array<(req: FastifyRequest, reply: FastifyReply) => Promise<void>>; config?: object } = {},
) {
  const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.config ?? {},
    preHandler: options.preHandler ?? [],
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.multipart ? {} : isQuery ? { querystring: endpoint.request } : { body: endpoint.request }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth === 'public' ? {} : { security: [{ token: [] }] }),
    },
    handler: async (req, reply) => {
      const body = (isQuery ? req.query : req.body) as ParsedRequestOf<E>;
      const data = await handler({ req, reply, body, params: req.params as HandlerContext<E>['params'] });
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
