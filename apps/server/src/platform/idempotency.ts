/**
 * Idempotent money-moving requests (docs/money.md "Idempotency"). The key is recorded in the same
 * transaction as the money movement, so either both are there or neither:
 * - the first request locks the key (a transaction-scoped advisory lock), does the work and inserts the key
 *   with its answer before committing;
 * - a request with the same key waits on that lock until the first commits, then answers the stored
 *   answer; if the first rolled back (a 4xx, a crash), it does the work itself;
 * - the same key for another endpoint or another body answers 409.
 */
import { createHash } from 'node:crypto';
import { E } from '@beurs/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from './db/client.js';
import { raisedByDatabase } from './db/errors.js';
import { idempotencyKeys } from './db/schema.js';
import { conflict, invalid } from './errors.js';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
/**
 * Secrets are not part of the fingerprint (a 6-digit PIN hashed without salt could be recovered); nor is a
 * second-factor code, which changes every 30 seconds while the request it proves stays the same.
 */
const SECRET_FIELDS = new Set(['payPassword', 'password', 'totpCode']);
/** How long keys are kept (docs/money.md). */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 3600 * 1000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !SECRET_FIELDS.has(k) && v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

export function fingerprint(endpoint: string, body: unknown): string {
  return createHash('sha256')
    .update(endpoint)
    .update('\n')
    .update(JSON.stringify(canonical(body) ?? null))
    .digest('hex');
}

/** The Idempotency-Key header, required on money-moving endpoints (route() reads it into ctx.idempotency). */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw invalid(E.idempotencyKeyMissing, 'Idempotency-Key');
  if (!KEY_PATTERN.test(key)) throw invalid(E.idempotencyKeyInvalid, 'Idempotency-Key');
  return key;
}

export interface IdempotentRequest {
  /** Whose key it is: `u:<userId>` or `op:<operatorId>`. */
  scope: string;
  key: string;
  /** The route (with path parameters filled in) and its parsed body. */
  endpoint: string;
  body: unknown;
  at: Date;
}

/** A request's key as stored: who, which key, for which endpoint and body (fingerprint). */
export interface IdempotencyKey {
  scope: string;
  key: string;
  endpoint: string;
  requestHash: string;
}

export function keyOf(request: IdempotentRequest): IdempotencyKey {
  return {
    scope: request.scope,
    key: request.key,
    endpoint: request.endpoint,
    requestHash: fingerprint(request.endpoint, request.body),
  };
}

/** A key used before for another endpoint or body: 409. */
export const idempotencyMismatch = () => conflict(E.idempotencyMismatch, 'Idempotency-Key');

/** The idempotency_begin SQL function's refusal of a key reused for another request, as a 409. */
export function idempotencyError(err: unknown): unknown {
  return raisedByDatabase(err, 'idempotency.mismatch') ? idempotencyMismatch() : err;
}

/**
 * Runs `work` once per key in one transaction with the key. Its answer must be JSON (it is stored and
 * replayed as is). The idempotency_begin SQL function (migration 0004) takes a transaction-scoped lock on
 * the key, so a request with the same key waits here until the first one committed or rolled back.
 */
export async function runIdempotent<T>(db: Db, request: IdempotentRequest, work: (tx: Tx) => Promise<T>): Promise<T> {
  const key = keyOf(request);
  return db.transaction(async (tx) => {
    let stored: { response: T } | null;
    try {
      const { rows } = await tx.execute<{ stored: { response: T } | null }>(
        sql`select idempotency_begin(${key.scope}, ${key.key}, ${key.endpoint}, ${key.requestHash}) as stored`,
      );
      stored = rows[0]?.stored ?? null;
    } catch (err) {
      throw idempotencyError(err);
    }
    if (stored) return stored.response;
    const answer = await work(tx);
    await tx.insert(idempotencyKeys).values({ ...key, response: answer as object, createdAt: request.at });
    return answer;
  });
}

/**
 * The stored answer of a request that already committed under this key, or null; 409 when the key was used
 * for another request. For fast paths that check a request before taking its key (trading.openNow): a replay
 * must answer the first answer even when the request would now be refused (the market has closed since).
 */
export async function storedAnswer(db: Db, key: IdempotencyKey): Promise<{ response: unknown } | null> {
  const [row] = await db
    .select({
      endpoint: idempotencyKeys.endpoint,
      requestHash: idempotencyKeys.requestHash,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.key, key.key)));
  if (!row) return null;
  if (row.endpoint !== key.endpoint || row.requestHash !== key.requestHash) {
    throw idempotencyMismatch();
  }
  return { response: row.response };
}

/** Forgets keys older than IDEMPOTENCY_KEY_TTL_MS; run now and then by every node (harmless twice). */
export async function purgeExpiredKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
