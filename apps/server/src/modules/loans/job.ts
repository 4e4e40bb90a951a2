/**
 * The loans job (docs/loans.md "Interest" and "Collateral"), on the primary-markets job's interval, one node at a time
 * (its own advisory lock).
 *
 * Interest: every loan in use is charged a day's interest for each UTC day that has ended since it was last charged,
 * each day its own ledger entry (loanInterest, reference `loan:<id>:<date>`, unique per type), in one transaction per
 * loan with its row locked and `accrued_through` moved in it. So a day is charged exactly once, even by two passes at
 * once or after a restart mid-pass; a repayment charges the ended days first, in its own transaction, the same way.
 *
 * Collateral (at most once a minute): a customer whose holdings' limit falls below the published cover of what they
 * owe is told once (inbox loanCollateralShort, with the published time to act); the alert is re-armed when the
 * holdings cover the loans again. Nothing is sold.
 */
import { collateralShort, LOAN_TERMS } from '@beurs/contracts';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { notify } from '../inbox/index.js';
import { loans } from './schema.js';
import { createLoanService, LOAN_LINK, type LoanService } from './service.js';

export const LOAN_JOB_LOCK = 'loans';
const BATCH = 500;
const COLLATERAL_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

const inUse = and(eq(loans.status, 3), isNull(loans.repaidAt));

export function createLoanJob(deps: Deps, service: LoanService = createLoanService(deps)) {
  const { db, clock, log } = deps;
  let lastCollateralCheck = 0;

  async function accrueLoan(id: number, at: Date) {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
      if (!row) return false;
      const after = await service.accrue(tx, row, at);
      return after.accruedThrough !== row.accruedThrough;
    });
  }

  async function accrueAll(at: Date) {
    let accrued = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const due = await db
        .select({ id: loans.id })
        .from(loans)
        .where(and(inUse, gt(loans.id, afterId)))
        .orderBy(asc(loans.id))
        .limit(BATCH);
      for (const { id } of due) {
        afterId = id;
        try {
          if (await accrueLoan(id, at)) accrued += 1;
        } catch (err) {
          failed += 1;
          log.error({ err, loan: id }, 'loans job: accrual failed');
        }
      }
      if (due.length < BATCH) break;
    }
    return { accrued, failed };
  }

  /** Tells each customer whose holdings no longer cover their loans, once per shortfall. */
  async function checkCollateral(at: Date) {
    const borrowers = await db.selectDistinct({ userId: loans.userId }).from(loans).where(inUse);
    let alerted = 0;
    for (const { userId } of borrowers) {
      try {
        const value = await service.collateral.holdingsOf(userId, at);
        await db.transaction(async (tx) => {
          const open = await tx
            .select()
            .from(loans)
            .where(and(eq(loans.userId, userId), inUse))
            .orderBy(asc(loans.id))
            .for('update');
          const { outstanding } = await service.owed(tx, userId, at);
          const short = collateralShort(value.limit, outstanding);
          if (!short) {
            if (open.some((l) => l.alertedAt)) {
              await tx
                .update(loans)
                .set({ alertedAt: null })
                .where(and(eq(loans.userId, userId), inUse));
            }
            return;
          }
          if (open.some((l) => l.alertedAt)) return;
          await tx
            .update(loans)
            .set({ alertedAt: at })
            .where(and(eq(loans.userId, userId), inUse));
          const deadline = new Date(at.getTime() + LOAN_TERMS.cureDays * DAY_MS);
          await notify(tx, {
            userId,
            kind: 'loanCollateralShort',
            params: {
              limit: value.limit,
              amount: outstanding.toFixed(2),
              currency: value.currency,
              cover: String(Number(LOAN_TERMS.alertCover) * 100),
              deadline: deadline.toISOString().slice(0, 16).replace('T', ' '),
            },
            link: LOAN_LINK,
            at,
          });
          alerted += 1;
        });
      } catch (err) {
        log.error({ err, user: userId }, 'loans job: collateral check failed');
      }
    }
    return { alerted };
  }

  /** One pass at the clock's instant, without the lock (tests call it directly). */
  async function runUnlocked(options: { collateral?: boolean } = {}) {
    const at = clock.now();
    const interest = await accrueAll(at);
    const due = options.collateral ?? at.getTime() - lastCollateralCheck >= COLLATERAL_EVERY_MS;
    let alerted = 0;
    if (due) {
      lastCollateralCheck = at.getTime();
      alerted = (await checkCollateral(at)).alerted;
    }
    return { ...interest, alerted };
  }

  const runOnce = async () => {
    const pass = await runAsLeader(db, LOAN_JOB_LOCK, () => runUnlocked());
    return pass.ran ? pass.result : { accrued: 0, failed: 0, alerted: 0 };
  };

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'loans job');
  return { runOnce, runUnlocked, checkCollateral, accrueAll, start };
}
