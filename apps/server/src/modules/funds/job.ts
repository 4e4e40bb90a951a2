/**
 * The funds job (docs/fixed-income.md "Funds"), on the primary-markets job's interval, one node at a time (its own
 * advisory lock): from 00:00 UTC of each day it accrues the previous day's interest of every order in progress (one
 * fundInterest entry per order and day) and pays every Regular whose maturity has come (principal + interest, one
 * fundRedemption entry), the order then completed.
 *
 * Exactly once: each order is done in its own transaction with its row locked, `accrued_through` and `next_due`
 * moved in it; `fund_accruals`' primary key (order, day) and the ledger's references (`fund:<order>:<day>`,
 * `fund:<order>`), unique per type, refuse a second accrual or payment even if a row were wrong. A pass that dies
 * commits nothing of the order it was on, and the next pass (after a restart) does it.
 */
import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { fundOrders } from './schema.js';
import { createFundService, dateOf } from './service.js';

export const FUND_JOB_LOCK = 'funds';
const BATCH = 500;

export function createFundJob(deps: Deps) {
  const { db, clock, log } = deps;
  const service = createFundService(deps);

  /** One order, in its own transaction: the days it is owed and its maturity. */
  async function step(id: number, today: string, at: Date) {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(fundOrders).where(eq(fundOrders.id, id)).for('update');
      if (!row || row.nextDue === null || row.nextDue > today) return { days: 0, matured: false };
      const { row: after, days } = await service.accrue(tx, row, today, at);
      return { days, matured: after.status === 'completed' };
    });
  }

  async function runUnlocked() {
    const at = clock.now();
    const today = dateOf(at);
    let days = 0;
    let matured = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const due = await db
        .select({ id: fundOrders.id })
        .from(fundOrders)
        .where(and(isNotNull(fundOrders.nextDue), lte(fundOrders.nextDue, today), gt(fundOrders.id, afterId)))
        .orderBy(asc(fundOrders.id))
        .limit(BATCH);
      for (const { id } of due) {
        afterId = id;
        try {
          const done = await step(id, today, at);
          days += done.days;
          if (done.matured) matured += 1;
        } catch (err) {
          failed += 1;
          log.error({ err, order: id }, 'funds job step failed');
        }
      }
      if (due.length < BATCH) break;
    }
    return { days, matured, failed };
  }

  const runOnce = async () => {
    const pass = await runAsLeader(db, FUND_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { days: 0, matured: 0, failed: 0 };
  };

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'funds job');
  return { runOnce, runUnlocked, start };
}
