/**
 * Limits failed secret checks (login passwords, transaction passwords, second factors) per key
 * in PostgreSQL, so the limit holds across server nodes and under concurrency.
 *
 * A check first takes an attempt slot with one INSERT … ON CONFLICT DO UPDATE … WHERE on the
 * key's counter row, granted only while failures + checks in flight < allowed. PostgreSQL locks
 * the row and re-evaluates the guard against its latest version, so of N concurrent guesses at
 * most `allowed` reach the (slow) hash check. A wrong secret turns its slot into a failure; a
 * right one gives it back. A request that finds every slot held by checks still in flight waits
 * for them (a right secret must not be refused because others are being checked); one that finds
 * the failures used up answers 429. The window starts at a key's first attempt after a clean
 * state and lasts LOGIN_FAILURE_WINDOW_SECONDS.
 *
 * We chose this over an advisory lock per key because no lock is held while hashing (up to
 * `allowed` right answers are checked in parallel) and no transaction wraps the check.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { E, LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_FAILURES_ALLOWED } from '@beurs/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db, Tx } from './db/client.js';
import { signinAttempts } from './db/schema.js';
import { tooMany } from './errors.js';

export interface Limit {
  key: string;
  /** Failures allowed within the window; LOGIN_FAILURES_ALLOWED unless given. */
  allowed?: number;
}

/** How long a request waits for checks in flight to free a slot before it answers 429. */
const WAIT_FOR_SLOT_MS = 10_000;
const POLL_MS = 20;

export function createThrottle(db: Db, clock: Clock) {
  const windowStart = () => new Date(clock.now().getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  const a = signinAttempts;

  /** 'taken', or why not: 'refused' (failures used up) or 'busy' (slots held by checks in flight). */
  async function tryTake(key: string, allowed: number): Promise<'taken' | 'refused' | 'busy'> {
    const now = clock.now();
    // A window ends when it is old, or when nothing failed and nothing is in flight.
    const fresh = sql`(${a.windowStartedAt} <= ${windowStart()} or (${a.failures} = 0 and ${a.pending} = 0))`;
    const rows = await db
      .insert(a)
      .values({ key, failures: 0, pending: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: a.key,
        set: {
          failures: sql`case when ${fresh} then 0 else ${a.failures} end`,
          pending: sql`case when ${fresh} then 1 else ${a.pending} + 1 end`,
          windowStartedAt: sql`case when ${fresh} then ${now} else ${a.windowStartedAt} end`,
          notifiedAt: sql`case when ${fresh} then null else ${a.notifiedAt} end`,
        },
        setWhere: sql`${fresh} or ${a.failures} + ${a.pending} < ${allowed}`,
      })
      .returning({ key: a.key });
    if (rows.length > 0) return 'taken';
    const [row] = await db.select({ failures: a.failures }).from(a).where(eq(a.key, key));
    return (row?.failures ?? 0) >= allowed ? 'refused' : 'busy';
  }

  async function takeOne(key: string, allowed: number): Promise<boolean> {
    const until = Date.now() + WAIT_FOR_SLOT_MS;
    for (;;) {
      const got = await tryTake(key, allowed);
      if (got === 'taken') return true;
      if (got === 'refused' || Date.now() >= until) return false;
      await sleep(POLL_MS);
    }
  }

  /** The check in flight failed: its slot becomes a failure. */
  async function fail(key: string) {
    await db
      .update(a)
      .set({ pending: sql`greatest(${a.pending} - 1, 0)`, failures: sql`${a.failures} + 1` })
      .where(eq(a.key, key));
  }

  /** The check in flight succeeded (or was not made): its slot is free again. */
  async function giveBack(key: string) {
    await db
      .update(a)
      .set({ pending: sql`greatest(${a.pending} - 1, 0)` })
      .where(eq(a.key, key));
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
   * Runs `check` under the limits: 429 (E.tooManyLogins) when a limit is used up, after
   * `onRefused`; otherwise a failure is counted on every limit when `check` answers false or
   * throws, and the slots are given back when it answers true.
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
    let ok = false;
    try {
      ok = await check();
    } finally {
      for (const { key } of limits) await (ok ? giveBack(key) : fail(key));
    }
    return ok;
  }

  /**
   * Marks the key's current lockout as told to its owner; true only for the first caller in the
   * window, so a lockout is mailed once however many attempts hit it.
   */
  async function claimNotice(tx: Db | Tx, key: string): Promise<boolean> {
    const rows = await tx
      .update(a)
      .set({ notifiedAt: clock.now() })
      .where(and(eq(a.key, key), isNull(a.notifiedAt), gt(a.windowStartedAt, windowStart())))
      .returning({ key: a.key });
    return rows.length > 0;
  }

  /**
   * The earlier API, kept for callers that check a secret themselves: assertAllowed now TAKES a
   * slot atomically (429 when none is left); recordFailure turns it into a failure; clear, after
   * a success, removes the key's counter with its earlier failures.
   */
  async function assertAllowed(key: string, allowed = LOGIN_FAILURES_ALLOWED) {
    if (!(await takeOne(key, allowed))) throw tooMany(E.tooManyLogins);
  }

  async function clear(key: string) {
    await db.delete(a).where(eq(a.key, key));
  }

  async function prune() {
    await db.delete(a).where(lt(a.windowStartedAt, windowStart()));
  }

  return { take, guard, giveBack, claimNotice, assertAllowed, recordFailure: fail, clear, prune };
}
export type Throttle = ReturnType<typeof createThrottle>;
