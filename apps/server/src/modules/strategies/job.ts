/**
 * The strategies job (docs/strategies.md), on the primary-markets job's interval, one node at a time (its own
 * advisory lock): it steps every strategy's book from its checkpoint to the last whole hour (on a fresh database,
 * from the replay's start: the track records are replayed, not written), then pays every follow whose term has
 * ended. Exactly once: a book's chunk commits its checkpoint with its trades and NAV points (their primary keys refuse
 * a tick twice); a follow is paid in its own transaction with its row locked and the ledger's reference
 * `follow:<id>` unique for followPayout. Products that step books of their own (the robots) add their pass: one job
 * loop, one lock, for every book.
 */
import type { Deps } from '../../platform/deps.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { createStrategyService } from './service.js';

export const STRATEGY_JOB_LOCK = 'strategies';

/** Another product's books stepped in the same pass (the robots' orders), after the strategies and the follows. */
export type BookPass = (at: Date) => Promise<{ ticks: number; paid: number; failed: number }>;

export function createStrategyJob(deps: Deps, passes: readonly BookPass[] = []) {
  const service = createStrategyService(deps);

  async function runUnlocked() {
    const at = deps.clock.now();
    const books = await service.advanceBooks(at);
    const follows = await service.settleDue(at);
    const out = { ticks: books.ticks, paid: follows.paid, failed: follows.failed };
    for (const pass of passes) {
      const more = await pass(at);
      out.ticks += more.ticks;
      out.paid += more.paid;
      out.failed += more.failed;
    }
    return out;
  }

  const runOnce = async () => {
    const pass = await runAsLeader(deps.db, STRATEGY_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { ticks: 0, paid: 0, failed: 0 };
  };

  const start = (intervalMs: number) => every(intervalMs, runOnce, deps.log, 'strategies job');
  return { runOnce, runUnlocked, start };
}
