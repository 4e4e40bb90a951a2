/**
 * What keeps the money benches' rounds fair between the app and its reference (issue 14). Both share one
 * PostgreSQL, so whatever one window leaves behind (dirty pages for the next checkpoint, dead rows for autovacuum)
 * would be paid inside the next window: on 2026-11-27 TPC-B fell round by round (917 / 792 / 636 tps) while the
 * app, always first, held. So before every window the databases are vacuumed, a checkpoint written and the
 * background writer left to go idle (`settle`), and the order of the windows alternates from round to round
 * (`roundOrder`), so neither side always runs second.
 */
import type pg from 'pg';

/** The settling before one window: how long each step took, and whether the writer went idle in time. */
export interface SettleRecord {
  /** The target of the window that followed. */
  before: string;
  vacuumMs: number;
  checkpointMs: number;
  /** Waiting for the background writer, checkpointer and autovacuum to be idle. */
  idleMs: number;
  /** False when WRITER_IDLE_LIMIT_MS passed first (the window ran anyway). */
  idle: boolean;
}

/** The writer is idle when its counters stood still this long, with no autovacuum worker running. */
export const WRITER_STILL_MS = 1000;
/** Give up waiting for an idle writer after this long (the record then says so). */
export const WRITER_IDLE_LIMIT_MS = 30_000;
const SAMPLE_MS = 200;

// -------------------------------------------------------------------------------------------------- pure parts

/**
 * The windows of round `round` in the order they run: as listed in odd rounds, reversed in even ones (A B, B A,
 * A B, ...), so the app and TPC-B each run first in every other round and neither always inherits the other's
 * after-effects. Targets listed next to each other stay next to each other.
 */
export function roundOrder<T>(windows: readonly T[], round: number): T[] {
  return round % 2 === 1 ? [...windows] : [...windows].reverse();
}

/** One reading of the background writer and checkpointer: their counters, and autovacuum workers running. */
export interface WriterSample {
  at: number;
  /** Buffers written by the background writer and by the checkpointer, and checkpoints done, as one key. */
  counters: string;
  autovacuumWorkers: number;
}

/**
 * Whether PostgreSQL's writers are idle by `samples` (oldest first): the latest shows no autovacuum worker, and
 * its counters equal those of every sample back to one at least `stillMs` older.
 */
export function writerIdle(samples: readonly WriterSample[], stillMs = WRITER_STILL_MS): boolean {
  const last = samples.at(-1);
  if (!last || last.autovacuumWorkers > 0) return false;
  for (let i = samples.length - 2; i >= 0; i--) {
    const s = samples[i]!;
    if (s.counters !== last.counters || s.autovacuumWorkers > 0) return false;
    if (last.at - s.at >= stillMs) return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------------------------ settle

async function sample(db: pg.Pool): Promise<WriterSample> {
  // pg_stat_checkpointer is PostgreSQL 17's; the embedded server is 18.
  const { rows } = await db.query<{ clean: string; written: string; done: string; workers: string }>(
    `select (select buffers_clean from pg_stat_bgwriter) as clean,
            (select buffers_written from pg_stat_checkpointer) as written,
            (select num_done from pg_stat_checkpointer) as done,
            (select count(*) from pg_stat_activity where backend_type = 'autovacuum worker') as workers`,
  );
  const r = rows[0]!;
  return { at: performance.now(), counters: `${r.clean}/${r.written}/${r.done}`, autovacuumWorkers: Number(r.workers) };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

/**
 * Before the window of `before`: VACUUM (ANALYZE) of every database in `databases` (the app's and pgbench's: the
 * one the last window wrote and the one the next uses), so no autovacuum of the last window's dead rows starts in
 * the next; then CHECKPOINT, after the vacuum because it dirties pages too, so the next window does not pay for
 * writing the last one's; then waits until the background writer and checkpointer have written nothing for
 * WRITER_STILL_MS and no autovacuum worker runs (at most WRITER_IDLE_LIMIT_MS). `databases[0]` also runs the
 * server-wide steps.
 */
export async function settle(databases: readonly pg.Pool[], before: string): Promise<SettleRecord> {
  const admin = databases[0]!;
  const vacuumMs = await timed(async () => {
    for (const db of databases) await db.query('vacuum (analyze)');
  });
  const checkpointMs = await timed(() => admin.query('checkpoint'));
  const samples: WriterSample[] = [];
  const t0 = performance.now();
  let idle = false;
  while (!idle && performance.now() - t0 < WRITER_IDLE_LIMIT_MS) {
    samples.push(await sample(admin));
    idle = writerIdle(samples);
    if (!idle) await new Promise((done) => setTimeout(done, SAMPLE_MS));
  }
  return { before, vacuumMs, checkpointMs, idleMs: performance.now() - t0, idle };
}
