/**
 * Limits failed secret checks (login passwords, transaction passwords, second factors) per key
 * in PostgreSQL, so the limit holds across server nodes and under concurrency.
 *
 * A check first takes an attempt slot with one INSERT … ON CONFLICT DO UPDATE … WHERE on the
 * key's counter row: PostgreSQL locks the row and re-evaluates the guard against the latest
 * version, so of N concurrent guesses at most `allowed` get a slot and only those reach the
 * (slow) hash check; the rest answer 429 at once. A failed check keeps its slot (that is the
 * recorded failure); a successful one gives it back. The window starts at the first failure
 * and lasts LOGIN_FAILURE_WINDOW_SECONDS. We chose this over an advisory lock per key because
 * it holds no lock while hashing (concurrent right answers are not serialised) and needs no
 * transaction around the check.
 */
import { E, LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_FAILURES_ALLOWED } from '@beurs/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db, Tx } from './db/client.js';
import { signinAttempts } from './db/schema.js';
import { tooMany } from './errors.js';

export interface Limit {
  key: string;
  /** Attempts allowed within the window; LOGIN_FAILURES_ALLOWED unless given. */
  allowed?: number;
}

export function createThrottle(db: Db, clock: Clock) {
  const windowStart = () => new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);

  /** Takes one slot for the key; false when the key has no slot left in its window. */
  async function takeOne(key: string, allowed: number): Promise<boolean> {
    const now = clock.now();
    const expired = sql`${signinAttempts.windowStartedAt} <= ${windowStart()}`;
    const rows = await db
      .insert(signinAttempts)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: signinAttempts.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${signinAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now} else ${signinAttempts.windowStartedAt} end`,
          notifiedAt: sql`case when ${expired} then null else ${signinAttempts.notifiedAt} end`,
        },
        setWhere: sql`${expired} or ${signinAttempts.failures} < ${allowed}`,
      })
      .returning({ failures: signinAttempts.failures });
    return rows.length > 0;
  }

  async function giveBack(key: string) {
    await db
      .update(signinAttempts)
      .set({ failures: sql`greatest(${signinAttempts.failures} - 1, 0)` })
      .where(and(eq(signinAttempts.key, key), gt(signinAttempts.windowStartedAt, windowStart())));
  }

  /**
   * Takes a slot from every limit, in order. Answers the first limit that had none left (after
   * giving back the slots already taken, since no check will be made), or undefined.
   */
  async function take(limits: Limit[]): Promise<string | undefined> {
    const taken: string[] = [];
    for (const { key, allowed = LOGIN_FAILURES_ALLOWED } of limits) {
      if (!(await takeOne(key, allowed))) {
        for (const k of taken) await giveBack(k);
        return key;
      }
      taken.push(key);
    }
    return undefined;
  }

  /**
   * Runs `check` under the limits: 429 (E.tooManyLogins, or `onRefused`'s error) when a limit is
   * used up; otherwise the slot is kept when `check` answers false or throws, given back when it
   * answers true.
   */
  async function guard(
    limits: Limit[],
    check: () => Promise<boolean>,
    onRefused?: (key: string) => Promise<void>,
  ): Promise<boolean> {
    const refused = await take(limits);
    if (refused !== undefined) {
      if (onRefused) await onRefused(refused);
      throw tooMany(E.tooManyLogins);
    }
    const ok = await check();
    if (ok) for (const { key } of limits) await giveBack(key);
    return ok;
  }

  /**
   * Marks the key's current lockout as told to its owner; true only for the first caller in the
   * window, so a lockout is mailed once however many attempts hit it.
   */
  async function claimNotice(tx: Db | Tx, key: string): Promise<boolean> {
    const rows = await tx
      .update(signinAttempts)
      .set({ notifiedAt: clock.now() })
      .where(
        and(
          eq(signinAttempts.key, key),
          isNull(signinAttempts.notifiedAt),
          gt(signinAttempts.windowStartedAt, windowStart()),
        ),
      )
      .returning({ key: signinAttempts.key });
    return rows.length > 0;
  }

  /**
   * Compatible with the earlier API (assertAllowed, then recordFailure or clear): assertAllowed
   * now TAKES the slot, atomically, so the failure is already counted when recordFailure is
   * called (a no-op) and `clear` after a success removes it with the key's earlier failures.
   */
  async function assertAllowed(key: string, allowed = LOGIN_FAILURES_ALLOWED) {
    if (!(await takeOne(key, allowed))) throw tooMany(E.tooManyLogins);
  }

  async function recordFailure(_key: string) {}

  async function clear(key: string) {
    await db.delete(signinAttempts).where(eq(signinAttempts.key, key));
  }

  async function prune() {
    await db.delete(signinAttempts).where(lt(signinAttempts.windowStartedAt, windowStart()));
  }

  return { take, guard, giveBack, claimNotice, assertAllowed, recordFailure, clear, prune };
}
export type Throttle = ReturnType<typeof createThrottle>;
