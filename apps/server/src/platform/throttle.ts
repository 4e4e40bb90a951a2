/**
 * Counts failed secret checks (login passwords, transaction passwords) per key in PostgreSQL,
 * so the limit holds across server nodes: after LOGIN_FAILURES_ALLOWED failures within the
 * window, further tries answer 429 until the window has passed.
 */
import { E, LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_FAILURES_ALLOWED } from '@beurs/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import { loginFailures } from './db/schema.js';
import { tooMany } from './errors.js';

export function createThrottle(db: Db, clock: Clock) {
  const windowStart = () => new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);

  async function assertAllowed(key: string) {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.loginKey, key), gt(loginFailures.at, windowStart())));
    if ((r?.n ?? 0) >= LOGIN_FAILURES_ALLOWED) throw tooMany(E.tooManyLogins);
  }

  async function recordFailure(key: string) {
    await db.insert(loginFailures).values({ loginKey: key, at: clock.now() });
  }

  async function clear(key: string) {
    await db.delete(loginFailures).where(eq(loginFailures.loginKey, key));
  }

  async function prune() {
    await db.delete(loginFailures).where(lt(loginFailures.at, windowStart()));
  }

  return { assertAllowed, recordFailure, clear, prune };
}
export type Throttle = ReturnType<typeof createThrottle>;
