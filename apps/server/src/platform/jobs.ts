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
 * Answers the stop function, which waits for a pass under way so the database is not closed beneath it.
 */
export function every(
  intervalMs: number,
  pass: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  what: string,
): () => Promise<void> {
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = pass()
      .catch((err: unknown) => log.warn({ err }, `${what} failed`))
      .finally(() => {
        current = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
