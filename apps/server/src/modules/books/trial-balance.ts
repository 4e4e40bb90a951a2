/**
 * The trial balance, read two ways (docs/security.md "Scheduled trial balance"):
 * - the books at one instant (`trialBalance`, the console's Books page): one repeatable-read snapshot;
 * - the scheduled check: every TRIAL_BALANCE_MS the leader node reads the same figures by the paced sweep
 *   (sweep.ts: every entry and every customer account in small pieces, each exact on its own), records the result in
 *   trial_balance_checks, and logs an error when they do not balance; the console shows unbalanced checks as an alert.
 * The database's own triggers keep each entry balanced; this catches what they cannot see (a trigger switched off by
 * an owner, a cached balance that drifted from its postings).
 */
import { consoleMoney, Decimal } from '@beurs/contracts';
import { count, desc, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { journalEntries, ledgerPostings } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import {
  customerMoney,
  type Figures,
  figuresOf,
  loansBookAgrees,
  loansOweWhatWasLent,
  pendingCounts,
} from './figures.js';
import { trialBalanceChecks } from './schema.js';
import { type SweepOptions, sweepBooks } from './sweep.js';

/**
 * The books at one instant (one repeatable-read snapshot): per currency the sum of every posting (zero
 * when every entry balanced), customer money (cached balances, of which on hold) and each system account
 * (the sum of its postings: system accounts keep no cached balance); and whether every customer account's
 * cached balance and hold equal the sum of its postings and active holds; and whether the loans account agrees with
 * the loans (loansMatchLedger, below).
 */
export async function trialBalance(db: Deps['db']): Promise<Figures> {
  return db.transaction(
    async (tx) => {
      // Every posting is read once (the ledger's largest table, about 2 postings an order): one sum per account
      // and currency (`p`), from which come the per-currency sums, the system accounts' balances, each customer
      // account's match and the loans account's book. Sums travel as text, never as JSON numbers.
      const [books] = (
        await tx.execute<{
          postings: { currency: string; sum: string }[];
          systems: { name: string | null; currency: string; balance: string }[];
          accounts_match: boolean;
          loans_book_match: boolean;
        }>(sql`
        with p as materialized (
          select account_id, currency, sum(amount) as s from ${ledgerPostings} group by account_id, currency
        ),
        by_account as (
          select account_id, sum(s) as s from p group by account_id
        )
        select
          (select coalesce(json_agg(json_build_object('currency', currency, 'sum', s::text)), '[]')
             from (select currency, sum(s) as s from p group by currency) c) as postings,
          (select coalesce(json_agg(json_build_object(
                    'name', a.system, 'currency', a.currency, 'balance', coalesce(b.s, 0)::text) order by a.system), '[]')
             from ledger_accounts a left join by_account b on b.account_id = a.id
             where a.user_id is null) as systems,
          not exists (
            select 1
            from ledger_accounts a
            left join by_account b on b.account_id = a.id
            left join (select account_id, sum(amount) as s from ledger_holds where status = 'active' group by account_id) h
              on h.account_id = a.id
            where a.user_id is not null
              and (a.balance <> coalesce(b.s, 0) or a.held <> coalesce(h.s, 0))
          ) as accounts_match,
          ${loansBookAgrees(sql`by_account`)} as loans_book_match`)
      ).rows;
      if (!books) throw new Error('trial balance: no answer');
      const [entries] = await tx.select({ n: count() }).from(journalEntries);
      return figuresOf({
        postingsSum: new Map(books.postings.map((p) => [p.currency, p.sum])),
        customers: await customerMoney(tx),
        systems: books.systems,
        entries: entries?.n ?? 0,
        accountsMatchPostings: books.accounts_match === true,
        loansMatchLedger: books.loans_book_match === true && (await loansOweWhatWasLent(tx)),
        pending: await pendingCounts(tx),
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The advisory lock key of the job: one node checks at a time. */
export const TRIAL_BALANCE_LOCK = 'trial-balance';

/** What does not hold in these figures, in words; empty when the books balance. */
export function problemsOf(figures: Figures): string[] {
  const problems = figures.currencies
    .filter((c) => !new Decimal(c.postingsSum).isZero())
    .map((c) => `${c.currency} postings sum to ${c.postingsSum}, not 0`);
  if (!figures.accountsMatchPostings) {
    problems.push('customer account balances or holds differ from their postings');
  }
  if (!figures.loansMatchLedger) {
    problems.push('the loans account differs from what the loans owe (lent plus interest charged less repaid)');
  }
  return problems;
}

/**
 * The scheduled check: the books read by the paced sweep (sweep.ts), with the Books page's figures and problems, plus
 * the sweep's own details (which pieces of entries do not balance, which customer accounts differ). `sweep` sets its
 * piece sizes and pauses (tests use small pieces and no pause).
 */
export function createTrialBalanceJob(deps: Pick<Deps, 'db' | 'clock' | 'log'>, sweep: Partial<SweepOptions> = {}) {
  const { db, clock, log } = deps;

  /** Checks the books once and records the result (tests call it directly); `signal` stops it unrecorded. */
  async function checkUnlocked(signal?: AbortSignal) {
    const started = performance.now();
    const pass = await sweepBooks(db, { ...sweep, signal });
    const ms = Math.round(performance.now() - started);
    const { figures } = pass;
    const problems = [...problemsOf(figures), ...pass.details];
    const [row] = await db
      .insert(trialBalanceChecks)
      .values({ checkedAt: clock.now(), balanced: problems.length === 0, problems, figures })
      .returning();
    if (!row) throw new Error('trial balance check not recorded');
    const took = { ms, pieces: pass.pieces, busyMs: pass.busyMs };
    if (!row.balanced) log.error({ check: row.id, problems, ...took }, 'the books do not balance');
    else log.info({ check: row.id, ...took }, 'the books balance');
    return row;
  }

  /** One check under the advisory lock; null when another node holds it (and checks). */
  async function runOnce(signal?: AbortSignal) {
    const pass = await runAsLeader(db, TRIAL_BALANCE_LOCK, () => checkUnlocked(signal));
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
