/**
 * The scheduled trial balance (docs/security.md "Operators: what they can and cannot do"): every TRIAL_BALANCE_MS
 * the leader node computes the books exactly as the console's Books page does (trialBalance), records the result in
 * trial_balance_checks, and logs an error when they do not balance; the console shows unbalanced checks as an alert.
 * The database's own triggers keep each entry balanced; this catches what they cannot see (a trigger switched off by
 * an owner, a cached balance that drifted from its postings).
 */
import { consoleMoney, Decimal } from '@beurs/contracts';
import { desc, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trialBalanceChecks } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { trialBalance } from './money-routes.js';

/** The advisory lock key of the job: one node checks at a time. */
export const TRIAL_BALANCE_LOCK = 'trial-balance';

type Figures = Awaited<ReturnType<typeof trialBalance>>;

/** What does not hold in these figures, in words; empty when the books balance. */
export function problemsOf(figures: Figures): string[] {
  const problems = figures.currencies
    .filter((c) => !new Decimal(c.postingsSum).isZero())
    .map((c) => `${c.currency} postings sum to ${c.postingsSum}, not 0`);
  if (!figures.accountsMatchPostings) {
    problems.push('customer account balances or holds differ from their postings');
  }
  return problems;
}

export function createTrialBalanceJob(deps: Pick<Deps, 'db' | 'clock' | 'log'>) {
  const { db, clock, log } = deps;

  /** Checks the books once and records the result (tests call it directly). */
  async function checkUnlocked() {
    const figures = await trialBalance(db);
    const problems = problemsOf(figures);
    const [row] = await db
      .insert(trialBalanceChecks)
      .values({ checkedAt: clock.now(), balanced: problems.length === 0, problems, figures })
      .returning();
    if (!row) throw new Error('trial balance check not recorded');
    if (!row.balanced) log.error({ check: row.id, problems }, 'the books do not balance');
    return row;
  }

  /** One check under the advisory lock; null when another node holds it (and checks). */
  async function runOnce() {
    const pass = await runAsLeader(db, TRIAL_BALANCE_LOCK, checkUnlocked);
    return pass.ran ? pass.result : null;
  }

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'trial balance check');

  return { checkUnlocked, runOnce, start };
}
export type TrialBalanceJob = ReturnType<typeof createTrialBalanceJob>;

const toWire = (row: typeof trialBalanceChecks.$inferSelect) => ({
  id: row.id,
  checkTimeTimestamp: row.checkedAt.getTime(),
  balanced: row.balanced,
  problems: row.problems,
});

/** Schedules the check on every node (the lock elects one) and serves its record to the console. */
export function trialBalanceRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  if (config.trialBalanceMs > 0) {
    const stop = createTrialBalanceJob(deps).start(config.trialBalanceMs);
    app.addHook('onClose', async () => stop());
  }

  route(app, consoleMoney.trialBalanceChecks, async () => {
    const [[latest], alerts] = await Promise.all([
      db.select().from(trialBalanceChecks).orderBy(desc(trialBalanceChecks.id)).limit(1),
      db
        .select()
        .from(trialBalanceChecks)
        .where(not(trialBalanceChecks.balanced))
        .orderBy(desc(trialBalanceChecks.checkedAt), desc(trialBalanceChecks.id))
        .limit(20),
    ]);
    return { intervalMs: config.trialBalanceMs, latest: latest ? toWire(latest) : null, alerts: alerts.map(toWire) };
  });
}
