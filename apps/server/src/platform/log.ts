/**
 * What the server log may carry. Never a secret (passwords, their hashes, tokens, codes, TOTP secrets) and never
 * the values a failed SQL statement was given: drizzle's DrizzleQueryError puts the parameters into its message
 * and its `params`, and PostgreSQL's `detail` repeats the failing row ("Failing row contains (…, $argon2id$…,
 * anna@example.com, …)"). Errors keep their type, SQLSTATE, constraint, statement text (parameterised: $1, $2)
 * and stack, which is what finding the fault needs. The embedded mail transport still prints `MAIL to=… code=…`
 * on purpose (README), as a message, not as a field.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fields an error or a log object may have that hold values rather than the shape of a fault. */
const WITHHELD_FIELDS = new Set(['params', 'parameters', 'values', 'detail', 'body', 'payload']);

/** Fields whose value is a secret wherever they appear in a logged object (pino redaction, one level deep). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'payPassword',
  'passwordHash',
  'payPasswordHash',
  'token',
  'emailCode',
  'totp',
  'totpCode',
  'secret',
  'authorization',
  'cookie',
];

/** drizzle's "Failed query: …\nparams: a,b,c" keeps the statement and loses the values (message and stack). */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [withheld]');

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) quote the offending value in their message
 * (`invalid input syntax for type integer: "…"`): the quote goes.
 */
const withoutQuotedValue = (text: string) => text.replace(/: "[^\n]*"$/m, ': "[withheld]"');

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) return { type: typeof value, message: withoutParams(String(value)), stack: '' };
  const err = value as Error & Record<string, unknown>;
  const dataException = typeof err.code === 'string' && err.code.startsWith('22');
  const text = (s: string) => (dataException ? withoutQuotedValue(withoutParams(s)) : withoutParams(s));
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message: text(err.message),
    stack: text(err.stack ?? ''),
  };
  for (const [key, v] of Object.entries(err)) {
    if (key === 'cause' || WITHHELD_FIELDS.has(key) || SECRET_FIELDS.includes(key)) continue;
    out[key] = typeof v === 'string' ? text(v) : v;
  }
  if (err.cause !== undefined && depth < 5) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** The pino options every server process logs with (app.ts); tests add a stream. */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      err: (e: Error) => safeError(e),
      error: (e: Error) => safeError(e),
      // Request lines (LOG_REQUESTS=true) without the query: a signed file address carries its signature there.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: req.url.split('?')[0],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  } satisfies FastifyServerOptions['logger'];
}
