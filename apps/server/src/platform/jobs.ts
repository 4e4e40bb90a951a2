/**
 * Scheduled jobs that one node at a time runs (ARCHITECTURE "Scale-out"): every node schedules the job, and each
 * pass first takes a PostgreSQL session advisory lock, skipping when another node holds it. The trading job and
 * the trial balance share this.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';

/**
 * Runs `work` while holding the advisory lock `lockKey`; answers `{ ran: false }` without running it when another
 * node holds the lock.
 */
export async function runAsLeader<T>(
  db: Db,
  lockKey: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const leave = await enterLeaderSlot(db.$client);
  try {
    return await holdingLock(db, lockKey, work);
  } finally {
    leave();
  }
}

/**
 * Leader passes of one pool running at once, at most a quarter of its connections (at least one). A pass holds a
 * connection for its lock while its work takes others from the same pool, so as many passes as connections each
 * waited for a connection another held, for good: ten jobs on a pool of 4 did (the orders bench's breakdown, where
 * every connection sat idle after `pg_try_advisory_lock`). A pass over the limit waits for one to end.
 */
const leaderSlots = new WeakMap<object, { free: number; waiting: Array<() => void> }>();

async function enterLeaderSlot(pool: Db['$client']): Promise<() => void> {
  let slots = leaderSlots.get(pool);
  if (!slots) {
    slots = { free: Math.max(1, Math.floor((pool.options.max ?? 10) / 4)), waiting: [] };
    leaderSlots.set(pool, slots);
  }
  const s = slots;
  if (s.free > 0) s.free--;
  else await new Promise<void>((enter) => s.waiting.push(enter));
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const next = s.waiting.shift();
    if (next) next();
    else s.free++;
  };
}

async function holdingLock<T>(
  db: Db,
  lockKey: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
      lockKey,
    ]);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [lockKey]).catch((err: Error) => {
        broken = err;
      });
    }
  } catch (err) {
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // A connection that may still hold the lock must not go back to the pool: destroying it frees the lock.
    client.release(broken ?? false);
  }
}

/**
 * Runs `pass` every `intervalMs` (never two passes of this process at once; a failed pass is logged as `what`).
 * Answers the stop function, which aborts the pass's signal (a long pass, such as the books sweep, stops between
 * its pieces) and waits for a pass under way so the database is not closed beneath it; a pass stopped that way is
 * not logged as failed.
 */
export function every(
  intervalMs: number,
  pass: (signal: AbortSignal) => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  what: string,
): () => Promise<void> {
  const stopping = new AbortController();
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = pass(stopping.signal)
      .catch((err: unknown) => {
        if (!stopping.signal.aborted) log.warn({ err }, `${what} failed`);
      })
      .finally(() => {
        current = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await current;
  };
}
